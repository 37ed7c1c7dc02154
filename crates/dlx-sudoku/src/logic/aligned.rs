//! Aligned pair and triplet exclusion, Sudoku Explainer's 6.2 and 7.5 (read in
//! SukakuExplainer's `AlignedExclusion.java`, `AlignedPairExclusion.java` and
//! `AlignedExclusionHint.java`; the rule as SudokuWiki states it:
//! <https://www.sudokuwiki.org/Aligned_Pair_Exclusion>).
//!
//! Take `k` cells (2 or 3, the "aligned" set) and the cells with 2 to `k` candidates that see
//! every one of them (the excluders). The set cannot take a combination of symbols that puts
//! one symbol twice in a region, nor one that holds every candidate of an excluder (which would
//! have none left). A candidate of the set's cells that no remaining combination uses is
//! false.
//!
//! Which sets SE tries, and so which this finder tries: cells with two candidates or more
//! that see an excluder; a pair needs two excluders in common (one seldom excludes what a
//! simpler technique would not); a triplet too, and one of its cells must hold at most three
//! candidates and see another of them (SE grows a triplet from a pair by a cell of few
//! candidates seen by one of the two). For each candidate of a set the finder looks for one
//! allowed combination that uses it (each one found vouches for all its symbols), so most
//! sets are settled in a few combinations rather than `n^k`; a set is looked at only when it
//! has two excluders in common and one whose candidates it holds. On 9x9 a search takes
//! about 10 µs for pairs and 60 µs for triplets natively; triplets run only up to 9x9 (see
//! `each_finder`).

use super::grid::{bit, join, members, values, Context, Grid};
use super::pattern::Role;
use super::step::{Candidate, Step, Technique};
use super::subsets::combinations;

/// Why the set cannot take a combination of symbols.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Block {
    /// It puts one symbol in two of the set's cells that share a region.
    Repeat,
    /// It holds every candidate of this excluder.
    Empties(usize),
}

/// The first reason the cells `set` cannot take `symbols` (one for each, in order), with
/// `excluders` the cells (and their candidates) that see all of them; `None` if they can.
fn blocked(
    ctx: &Context,
    set: &[usize],
    symbols: &[u8],
    excluders: &[(usize, u32)],
) -> Option<Block> {
    for i in 0..set.len() {
        for j in i + 1..set.len() {
            if symbols[i] == symbols[j] && ctx.sees(set[i], set[j]) {
                return Some(Block::Repeat);
            }
        }
    }
    let held = symbols.iter().fold(0, |m, &v| m | bit(v));
    excluders
        .iter()
        .find(|&&(_, m)| m & !held == 0)
        .map(|&(cell, _)| Block::Empties(cell))
}

/// Calls `f` with each choice of one symbol of each mask of `masks` (at most three), until
/// it returns `true`.
fn each_choice(masks: &[u32], mut f: impl FnMut(&[u8]) -> bool) {
    let mut symbols = [0u8; 3];
    let mut left = [0u32; 3];
    let k = masks.len();
    // An odometer: position `i` runs through the symbols of `masks[i]`, the last fastest.
    let mut i = 0;
    left[0] = masks[0];
    loop {
        if left[i] == 0 {
            if i == 0 {
                return;
            }
            i -= 1;
            continue;
        }
        symbols[i] = left[i].trailing_zeros() as u8 + 1;
        left[i] &= left[i] - 1;
        if i + 1 == k {
            if f(&symbols[..k]) {
                return;
            }
        } else {
            i += 1;
            left[i] = masks[i];
        }
    }
}

/// Aligned pair (`k == 2`) or triplet (`k == 3`) exclusion: the first set of `k` cells that
/// rules out a candidate of its own cells.
pub(crate) fn find(ctx: &Context, g: &Grid, k: usize) -> Option<Step> {
    let cells = g.cand.len();
    let words = cells.div_ceil(64);
    // The cells that can be excluders: 2 to k candidates.
    let mut few = vec![0u64; words];
    for c in 0..cells {
        if g.values[c] == 0 && (2..=k).contains(&(g.cand[c].count_ones() as usize)) {
            few[c / 64] |= 1 << (c % 64);
        }
    }
    // The base cells, two candidates or more, each with its excluders (a bit set).
    let mut base = Vec::new();
    let mut seen_by = Vec::new();
    for c in 0..cells {
        if g.values[c] != 0 || g.cand[c].count_ones() < 2 {
            continue;
        }
        let start = seen_by.len();
        seen_by.extend(ctx.peer_bits(c).iter().zip(&few).map(|(p, f)| p & f));
        if seen_by[start..].iter().all(|&w| w == 0) {
            seen_by.truncate(start);
        } else {
            base.push(c);
        }
    }
    let ex = |i: usize| &seen_by[i * words..(i + 1) * words];
    // The size of `a & b`, written into `into` when it is two or more.
    let and = |into: &mut Vec<u64>, a: &[u64], b: &[u64]| -> u32 {
        let count = a.iter().zip(b).map(|(x, y)| (x & y).count_ones()).sum();
        if count >= 2 {
            into.clear();
            into.extend(a.iter().zip(b).map(|(x, y)| x & y));
        }
        count
    };
    let (mut common, mut common3) = (Vec::new(), Vec::new());
    let mut excluders = Vec::new();
    let mut found = None;
    // Pairs first: a triplet's excluders are among each of its pairs', so a pair with fewer
    // than two in common grows no triplet.
    combinations(base.len(), 2, |pair| {
        let (i, j) = (pair[0], pair[1]);
        if and(&mut common, ex(i), ex(j)) < 2 {
            return false;
        }
        if k == 2 {
            found = exclusion(ctx, g, &[base[i], base[j]], &common, &mut excluders);
            return found.is_some();
        }
        for l in j + 1..base.len() {
            if and(&mut common3, &common, ex(l)) < 2 {
                continue;
            }
            let set = [base[i], base[j], base[l]];
            if grown_from_a_pair(ctx, g, &set) {
                found = exclusion(ctx, g, &set, &common3, &mut excluders);
                if found.is_some() {
                    return true;
                }
            }
        }
        false
    });
    found
}

/// Whether SE reaches the triplet `set` from a pair: one of its cells holds at most three
/// candidates and sees another.
fn grown_from_a_pair(ctx: &Context, g: &Grid, set: &[usize]) -> bool {
    set.iter()
        .any(|&z| g.cand[z].count_ones() <= 3 && set.iter().any(|&o| o != z && ctx.sees(o, z)))
}

/// The step of the set `set` with the excluders `common` (a bit set of cells), if a
/// candidate of the set goes.
///
/// Only the excluders whose candidates the set's cells all hold can rule a combination
/// out, so a set without one is passed over (one repeat alone never removes a candidate of a
/// pair, and in a triplet only where a naked pair would have first). `excluders` is room
/// for them, reused from set to set.
fn exclusion(
    ctx: &Context,
    g: &Grid,
    set: &[usize],
    common: &[u64],
    excluders: &mut Vec<(usize, u32)>,
) -> Option<Step> {
    let mut masks = [0u32; 3];
    for (m, &c) in masks.iter_mut().zip(set) {
        *m = g.cand[c];
    }
    let masks = &masks[..set.len()];
    let held = masks.iter().fold(0, |a, &m| a | m);
    excluders.clear();
    excluders.extend(
        members(common)
            .map(|c| (c, g.cand[c]))
            .filter(|&(_, m)| m & !held == 0),
    );
    if excluders.is_empty() {
        return None;
    }
    let excluders = &excluders[..];
    // The candidates some allowed combination uses: for each candidate not yet met in one,
    // the first allowed combination with it (its symbols all count), if there is one.
    let mut allowed = [0u32; 3];
    for i in 0..set.len() {
        for v in values(masks[i]) {
            if allowed[i] & bit(v) != 0 {
                continue;
            }
            let mut fixed = [0u32; 3];
            fixed[..set.len()].copy_from_slice(masks);
            fixed[i] = bit(v);
            let fixed = &fixed[..set.len()];
            each_choice(fixed, |symbols| {
                let ok = blocked(ctx, set, symbols, excluders).is_none();
                if ok {
                    for (a, &w) in allowed.iter_mut().zip(symbols) {
                        *a |= bit(w);
                    }
                }
                ok
            });
        }
    }
    let eliminations: Vec<Candidate> = set
        .iter()
        .zip(masks)
        .zip(&allowed)
        .flat_map(|((&cell, &m), &a)| values(m & !a).map(move |value| Candidate { cell, value }))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    // The excluders (and whether a repeat) that rule out a combination using a removed
    // candidate, as SE shows them.
    let mut used: Vec<usize> = Vec::new();
    let mut repeat = false;
    each_choice(masks, |symbols| {
        let removes = symbols.iter().zip(&allowed).any(|(&v, &a)| a & bit(v) == 0);
        match blocked(ctx, set, symbols, excluders) {
            Some(Block::Empties(cell)) if removes && !used.contains(&cell) => used.push(cell),
            Some(Block::Repeat) if removes => repeat = true,
            _ => {}
        }
        false
    });
    crate::sort::sort(&mut used);
    Some(step(ctx, g, set, &used, repeat, eliminations))
}

/// The step: its reason, cells, candidates and roles.
fn step(
    ctx: &Context,
    g: &Grid,
    set: &[usize],
    excluders: &[usize],
    repeat: bool,
    eliminations: Vec<Candidate>,
) -> Step {
    let (technique, name, all) = if set.len() == 2 {
        (Technique::AlignedPairExclusion, "pair", "both")
    } else {
        (Technique::AlignedTripletExclusion, "triplet", "all three")
    };
    let with: Vec<String> = eliminations
        .iter()
        .map(|e| format!("{} in {}", ctx.sym(e.value), ctx.cell(e.cell)))
        .collect();
    let mut why = Vec::new();
    if repeat {
        why.push("puts one symbol twice in a region".to_string());
    }
    if !excluders.is_empty() {
        let named: Vec<String> = excluders
            .iter()
            .map(|&c| format!("{} ({})", ctx.cell(c), ctx.syms(g.cand[c], "or")))
            .collect();
        why.push(format!(
            "leaves no candidate in {}, which {} {all}",
            join(&named, "or"),
            if excluders.len() == 1 { "sees" } else { "see" },
        ));
    }
    let not: Vec<String> = set
        .iter()
        .filter_map(|&cell| {
            let gone = eliminations
                .iter()
                .filter(|e| e.cell == cell)
                .fold(0, |m, e| m | bit(e.value));
            (gone != 0).then(|| format!("{} is not {}", ctx.cell(cell), ctx.syms(gone, "or")))
        })
        .collect();
    let reason = format!(
        "Of the ways to fill the aligned {name} {cells}, every one with {with} {why}: so {not}.",
        cells = ctx.cells(set),
        with = join(&with, "or"),
        why = join(&why, "or"),
        not = join(&not, "and"),
    );
    let mut s = Step::new(technique, reason);
    for &cell in set {
        for value in values(g.cand[cell]) {
            let candidate = Candidate { cell, value };
            if !eliminations.contains(&candidate) {
                s.roles.push(super::pattern::Part {
                    candidate,
                    role: Role::Aligned,
                });
            }
        }
    }
    for &cell in excluders {
        s.roles.extend(super::pattern::all(
            &super::subsets::pattern(g, &[cell], u32::MAX),
            Role::Excluder,
        ));
    }
    let mut cells: Vec<usize> = set.iter().chain(excluders).copied().collect();
    crate::sort::sort(&mut cells);
    let mut candidates: Vec<Candidate> = s.roles.iter().map(|p| p.candidate).collect();
    crate::sort::sort(&mut candidates);
    s.cells = cells;
    s.candidates = candidates;
    s.eliminations = eliminations;
    s
}
