//! The drawing structure of each step (`Step::links`, `houses`, `roles`, `contradiction`),
//! checked on every step of the paths of vendored puzzles against the puzzle's solution:
//! a chain's links alternate and hold (a strong link has a true end, a weak link not two),
//! its ends justify its eliminations, a fish's places lie where its base and cover houses
//! meet (its fins in one box, seen by every elimination), and roles cover the pattern's
//! cells.

use std::sync::OnceLock;

use crate::common::sees;

use dlx_sudoku::{
    Candidate, Contradiction, HouseRole, Layout, Link, LinkHouse, RegionKind, RegionName, Role,
    SolvePath, Step, Sudoku, Technique,
};

const SE: &str = include_str!("../../../tests/data/sudoku/se/diabolical.sample.txt");
const TOP1465: &str = include_str!("../../../tests/data/sudoku/puzzles3_magictour_top1465.sample");
const HARDEST: &str = include_str!("../../../tests/data/sudoku/puzzles6_forum_hardest_1106.sample");

/// The puzzles: the SE-rated sample, every 4th of top1465, every 32nd of hardest 1106
/// (whose paths, through forcing nets, take seconds each).
fn puzzles() -> Vec<Sudoku> {
    let lines = |text: &'static str, every: usize| {
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .step_by(every)
            .map(|l| {
                // The SE sample is "id puzzle rating"; the others one puzzle a line.
                let fields: Vec<&str> = l.split_whitespace().collect();
                let puzzle = if fields.len() == 3 {
                    fields[1]
                } else {
                    fields[0]
                };
                puzzle.parse::<Sudoku>().expect("a valid puzzle")
            })
            .collect::<Vec<_>>()
    };
    let mut all = lines(SE, 1);
    all.extend(lines(TOP1465, 4));
    all.extend(lines(HARDEST, 32));
    all
}

/// Each puzzle with its solution and its path, made once for every test of this file.
fn paths() -> &'static [(Sudoku, Sudoku, SolvePath)] {
    static PATHS: OnceLock<Vec<(Sudoku, Sudoku, SolvePath)>> = OnceLock::new();
    PATHS.get_or_init(|| {
        puzzles()
            .into_iter()
            .map(|puzzle| {
                let solution = puzzle.unique_solution().unwrap().expect("unique");
                let path = crate::common::path(&puzzle);
                (puzzle, solution, path)
            })
            .collect()
    })
}

/// Every step of every path, with the puzzle's layout and solution.
fn each_step(mut check: impl FnMut(&Layout, &[u8], &Step)) {
    for (puzzle, solution, path) in paths() {
        for step in &path.steps {
            check(puzzle.layout(), solution.values(), step);
        }
    }
}

fn is_true(solution: &[u8], c: Candidate) -> bool {
    solution[c.cell] == c.value
}

/// Two candidates that cannot both be true: one cell, or one symbol in cells that see
/// each other.
fn weakly_linked(layout: &Layout, a: Candidate, b: Candidate) -> bool {
    (a.cell == b.cell && a.value != b.value) || (a.value == b.value && sees(layout, a.cell, b.cell))
}

fn region_cells(layout: &Layout, name: RegionName) -> Vec<usize> {
    let r = (0..layout.region_count())
        .find(|&r| layout.region_name(r) == name)
        .expect("a region of the layout");
    layout.region_cells(r).iter().map(|&c| c as usize).collect()
}

/// Contradiction and forcing chains and nets: their links are each branch's implications.
fn forcing_kind(t: Technique) -> bool {
    matches!(
        t,
        Technique::ContradictionChain
            | Technique::ForcingChain
            | Technique::ContradictionNet
            | Technique::ForcingNet
    )
}

fn not_a_technique(t: Technique) -> bool {
    matches!(
        t,
        Technique::WrongEntry | Technique::MissingCandidate | Technique::Reveal
    )
}

/// A link's two nodes: its candidate, or a group's candidates.
fn ends(link: &Link) -> (Vec<Candidate>, Vec<Candidate>) {
    let node = |one: Candidate, group: &[Candidate]| {
        if group.is_empty() {
            vec![one]
        } else {
            assert!(group.len() >= 2 && group[0] == one, "{group:?}");
            group.to_vec()
        }
    };
    (
        node(link.from, &link.from_group),
        node(link.to, &link.to_group),
    )
}

/// A strong link's house holds both its nodes: the cell of two candidates of one cell, or
/// a region with every candidate of both nodes, all of one symbol.
fn house_holds(layout: &Layout, link: &Link, a: &[Candidate], b: &[Candidate]) -> bool {
    match link.house {
        Some(LinkHouse::Cell(cell)) => {
            matches!((a, b), ([x], [y]) if x.cell == cell && y.cell == cell && x.value != y.value)
        }
        Some(LinkHouse::Region(name)) => {
            let cells = region_cells(layout, name);
            let v = a[0].value;
            a.iter()
                .chain(b)
                .all(|c| c.value == v && cells.contains(&c.cell))
        }
        None => false,
    }
}

#[test]
fn chain_links_alternate_hold_in_the_solution_and_their_ends_justify_the_step() {
    let mut chains = std::collections::BTreeMap::<&str, usize>::new();
    each_step(|layout, solution, step| {
        let chain = matches!(
            step.technique,
            Technique::XChain
                | Technique::XyChain
                | Technique::Aic
                | Technique::WWing
                | Technique::GroupedXChain
                | Technique::GroupedAic
        );
        if forcing_kind(step.technique) {
            // Each branch's implications, checked by sudoku_nets.rs.
            assert!(!step.links.is_empty(), "{}", step.reason);
            return;
        }
        // The ALS techniques draw their restricted common candidates as weak links
        // (checked with their roles below); no other step but a chain or a forcing chain or net has links.
        let als = matches!(
            step.technique,
            Technique::AlsXz | Technique::AlsXyWing | Technique::AlsChain | Technique::DeathBlossom
        );
        assert_eq!(
            chain || als || step.technique == Technique::Medusa,
            !step.links.is_empty(),
            "{}: {}",
            step.technique,
            step.reason
        );
        if !chain {
            return;
        }
        *chains.entry(step.technique.name()).or_default() += 1;
        let links = &step.links;
        let true_node = |node: &[Candidate]| node.iter().any(|&c| is_true(solution, c));
        let grouped = links
            .iter()
            .any(|l| !l.from_group.is_empty() || !l.to_group.is_empty());
        assert_eq!(
            grouped,
            matches!(
                step.technique,
                Technique::GroupedXChain | Technique::GroupedAic
            ),
            "{}",
            step.reason
        );
        // Strong first and last, alternating, each link leaving where the last one ended.
        assert_eq!(links.len() % 2, 1, "{}", step.reason);
        for (i, link) in links.iter().enumerate() {
            assert_eq!(link.strong, i % 2 == 0, "{}", step.reason);
            if i > 0 {
                assert_eq!(ends(link).0, ends(&links[i - 1]).1, "{}", step.reason);
            }
            let (a, b) = ends(link);
            assert_ne!(a, b);
            if link.strong {
                assert!(
                    true_node(&a) || true_node(&b),
                    "strong link {a:?}-{b:?} with no true end: {}",
                    step.reason
                );
                // One cell's two candidates, or one symbol in a region: its house.
                assert!(
                    house_holds(layout, link, &a, &b),
                    "{:?} {a:?}-{b:?}: {}",
                    link.house,
                    step.reason
                );
            } else {
                assert!(
                    !(true_node(&a) && true_node(&b)),
                    "weak link {a:?}-{b:?} with two true ends: {}",
                    step.reason
                );
                assert!(link.house.is_none());
                assert!(
                    a.iter()
                        .all(|&x| b.iter().all(|&y| weakly_linked(layout, x, y))),
                    "{}",
                    step.reason
                );
            }
        }
        // From "first is false" the chain proves "last is true": one of them is.
        let (first, last) = (ends(&links[0]).0, ends(&links[links.len() - 1]).1);
        assert!(true_node(&first) || true_node(&last));
        match step.placement {
            Some(p) => assert!(first == [p] && last == [p], "{}", step.reason),
            None => {
                assert!(!step.eliminations.is_empty());
                for &e in &step.eliminations {
                    assert!(
                        first
                            .iter()
                            .chain(&last)
                            .all(|&end| weakly_linked(layout, e, end)),
                        "{e:?} does not see both ends: {}",
                        step.reason
                    );
                }
            }
        }
        // Roles: a W-Wing's two cells and its strong link's ends; a chain's two ends and
        // the nodes between.
        for part in &step.roles {
            let role = if step.technique == Technique::WWing {
                let link = &links[2];
                if [link.from, link.to].contains(&part.candidate) {
                    Role::StrongLink
                } else {
                    Role::Pincer
                }
            } else if first.contains(&part.candidate) || last.contains(&part.candidate) {
                Role::ChainEnd
            } else {
                Role::ChainNode
            };
            assert_eq!(part.role, role, "{}", step.reason);
        }
    });
    for t in ["x_chain", "w_wing", "grouped_x_chain"] {
        assert!(
            chains.contains_key(t),
            "no {t} step in the sample: {chains:?}"
        );
    }
    assert!(
        chains.contains_key("aic") || chains.contains_key("xy_chain"),
        "{chains:?}"
    );
}

/// 3D Medusa: two colours, one all true and the other all false in the solution; its links
/// strong, each with its house, between candidates of the two colours; its eliminations
/// false.
#[test]
fn medusa_colours_split_true_from_false_along_strong_links() {
    let mut medusa = 0;
    each_step(|layout, solution, step| {
        if step.technique != Technique::Medusa {
            return;
        }
        medusa += 1;
        let colour = |c: Candidate| {
            step.roles
                .iter()
                .find(|p| p.candidate == c)
                .map(|p| p.role)
                .expect("each node has a colour")
        };
        for part in &step.roles {
            assert!(matches!(part.role, Role::ColourA | Role::ColourB));
        }
        let truth = |role: Role| -> Vec<bool> {
            step.roles
                .iter()
                .filter(|p| p.role == role)
                .map(|p| is_true(solution, p.candidate))
                .collect()
        };
        let (a, b) = (truth(Role::ColourA), truth(Role::ColourB));
        assert!(!a.is_empty() && !b.is_empty());
        assert!(a.iter().all(|&t| t == a[0]) && b.iter().all(|&t| t != a[0]));
        assert_eq!(step.links.len() + 1, step.roles.len(), "a spanning tree");
        for link in &step.links {
            assert!(link.strong && link.from_group.is_empty() && link.to_group.is_empty());
            assert_ne!(colour(link.from), colour(link.to));
            assert!(house_holds(layout, link, &[link.from], &[link.to]));
        }
        assert!(!step.eliminations.is_empty());
        for &e in &step.eliminations {
            assert!(!is_true(solution, e), "{e:?}: {}", step.reason);
        }
    });
    assert!(medusa > 0, "no 3D Medusa step in the sample");
}

/// Whether region `r` of `layout` is box-like (box, window, jigsaw region, extra): where
/// a finned fish's fins must lie.
fn is_block(layout: &Layout, r: usize) -> bool {
    !matches!(
        layout.region_name(r).kind,
        RegionKind::Row | RegionKind::Column | RegionKind::Diagonal | RegionKind::AntiDiagonal
    )
}

/// Basic, finned and sashimi fish: `k` base and `k` cover houses; each fish place where a
/// base meets a cover, each fin in a base and no cover; the fins of a finned or sashimi
/// fish share a box-like region, which holds another place of the fish (finned) or none
/// (sashimi: the corner is missing); every elimination is false in the solution, lies in a
/// cover outside the bases and sees every fin.
#[test]
fn fish_places_lie_where_base_and_cover_houses_meet_and_eliminations_in_covers_only() {
    let mut counts: std::collections::BTreeMap<Technique, usize> = Default::default();
    each_step(|layout, solution, step| {
        let (k, fins_expected, sashimi) = match step.technique {
            Technique::XWing => (2, false, false),
            Technique::Swordfish => (3, false, false),
            Technique::Jellyfish => (4, false, false),
            Technique::FinnedXWing => (2, true, false),
            Technique::FinnedSwordfish => (3, true, false),
            Technique::FinnedJellyfish => (4, true, false),
            Technique::SashimiXWing => (2, true, true),
            Technique::SashimiSwordfish => (3, true, true),
            Technique::SashimiJellyfish => (4, true, true),
            _ => return,
        };
        *counts.entry(step.technique).or_default() += 1;
        let houses = |role: HouseRole| -> Vec<Vec<usize>> {
            step.houses
                .iter()
                .filter(|h| h.role == role)
                .map(|h| region_cells(layout, h.region))
                .collect()
        };
        let (bases, covers) = (houses(HouseRole::Base), houses(HouseRole::Cover));
        assert_eq!((bases.len(), covers.len()), (k, k), "{}", step.reason);
        let value = step.roles[0].candidate.value;
        let mut fins = Vec::new();
        for part in &step.roles {
            assert_eq!(part.candidate.value, value);
            let cell = part.candidate.cell;
            assert_eq!(bases.iter().filter(|b| b.contains(&cell)).count(), 1);
            let in_covers = covers.iter().filter(|c| c.contains(&cell)).count();
            match part.role {
                Role::Fish => assert_eq!(in_covers, 1, "{}", step.reason),
                Role::Fin => {
                    assert_eq!(in_covers, 0, "{}", step.reason);
                    fins.push(cell);
                }
                role => panic!("{role:?} in a fish: {}", step.reason),
            }
        }
        let fish = step.cells_in(Role::Fish);
        // Each base and each cover house holds a place of the fish (a basic fish's bases
        // at least two).
        for b in &bases {
            let kept = fish.iter().filter(|c| b.contains(c)).count();
            assert!(kept >= if fins_expected { 1 } else { 2 }, "{}", step.reason);
        }
        for c in &covers {
            assert!(fish.iter().any(|f| c.contains(f)), "{}", step.reason);
        }
        assert_eq!(fins.is_empty(), !fins_expected, "{}", step.reason);
        if fins_expected {
            // The box-like regions that hold every fin: one at least; the fish's other
            // places in it (a finned fish) or none (a sashimi fish).
            let blocks: Vec<usize> = (0..layout.region_count())
                .filter(|&r| is_block(layout, r))
                .filter(|&r| {
                    let cells = layout.region_cells(r);
                    fins.iter().all(|&f| cells.contains(&(f as u32)))
                })
                .collect();
            assert!(!blocks.is_empty(), "fins in no one box: {}", step.reason);
            let holds_fish = |r: usize| {
                let cells = layout.region_cells(r);
                fish.iter().any(|&f| cells.contains(&(f as u32)))
            };
            assert!(
                blocks.iter().any(|&r| holds_fish(r) != sashimi),
                "{}",
                step.reason
            );
        }
        assert!(!step.eliminations.is_empty());
        for e in &step.eliminations {
            assert_eq!(e.value, value);
            assert!(!is_true(solution, *e), "{}", step.reason);
            assert!(covers.iter().any(|c| c.contains(&e.cell)));
            assert!(!bases.iter().any(|b| b.contains(&e.cell)));
            assert!(
                fins.iter().all(|&f| sees(layout, f, e.cell)),
                "{}",
                step.reason
            );
        }
    });
    println!("fish steps: {counts:?}");
    let basic = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish];
    assert!(
        basic.iter().any(|t| counts.contains_key(t)),
        "no fish in the sample"
    );
    assert!(
        counts.keys().any(|t| !basic.contains(t)),
        "no finned fish in the sample: {counts:?}"
    );
}

#[test]
fn roles_cover_the_cells_and_match_each_pattern() {
    let mut seen = std::collections::BTreeSet::new();
    let mut blockers = [0usize; 2];
    let mut aligned = [0usize; 2];
    each_step(|layout, solution, step| {
        if not_a_technique(step.technique) {
            return;
        }
        seen.insert(step.technique);
        for &cell in &step.cells {
            assert!(
                step.roles.iter().any(|p| p.candidate.cell == cell),
                "{}: cell {cell} has no role: {}",
                step.technique,
                step.reason
            );
        }
        let houses_with = |role: HouseRole| -> Vec<Vec<usize>> {
            step.houses
                .iter()
                .filter(|h| h.role == role)
                .map(|h| region_cells(layout, h.region))
                .collect()
        };
        match step.technique {
            Technique::NakedSingle | Technique::HiddenSingle | Technique::BugPlusOne => {
                let single: Vec<Candidate> = step
                    .roles
                    .iter()
                    .filter(|p| p.role == Role::Single)
                    .map(|p| p.candidate)
                    .collect();
                assert_eq!(single, vec![step.placement.unwrap()]);
                // The single's why: each blocker is a filled cell (its symbol the solution's)
                // that rules out a place or a symbol the single leaves out.
                let place = step.placement.unwrap();
                let base: Vec<usize> = houses_with(HouseRole::Base).concat();
                for b in step.roles.iter().filter(|p| p.role == Role::Blocker) {
                    let (cell, value) = (b.candidate.cell, b.candidate.value);
                    assert_eq!(solution[cell], value, "{}", step.reason);
                    assert_ne!(cell, place.cell);
                    blockers[usize::from(step.technique == Technique::NakedSingle)] += 1;
                    if step.technique == Technique::HiddenSingle {
                        assert_eq!(value, place.value, "{}", step.reason);
                        assert!(!base.contains(&cell), "{}", step.reason);
                        assert!(
                            base.iter()
                                .any(|&o| o != place.cell && sees(layout, cell, o)),
                            "{}",
                            step.reason
                        );
                    } else if step.technique == Technique::NakedSingle {
                        assert_ne!(value, place.value, "{}", step.reason);
                        assert!(sees(layout, cell, place.cell), "{}", step.reason);
                    }
                }
            }
            Technique::XyWing | Technique::XyzWing => {
                let (pivot, pincers) = (step.cells_in(Role::Pivot), step.cells_in(Role::Pincer));
                assert_eq!((pivot.len(), pincers.len()), (1, 2), "{}", step.reason);
                for &p in &pincers {
                    assert!(sees(layout, p, pivot[0]));
                }
                let mut must_see = pincers.clone();
                if step.technique == Technique::XyzWing {
                    must_see.push(pivot[0]);
                }
                for e in &step.eliminations {
                    assert!(must_see.iter().all(|&c| sees(layout, c, e.cell)));
                }
            }
            Technique::AlsWing => {
                let (pivot, set) = (step.cells_in(Role::Pivot), step.cells_in(Role::AlsMember));
                assert_eq!(pivot.len(), 1);
                assert!((3..=5).contains(&set.len()), "{}", step.reason);
                // An almost locked set: one more symbol than cells, in one region.
                let symbols: std::collections::BTreeSet<u8> = step
                    .roles
                    .iter()
                    .filter(|p| p.role == Role::AlsMember)
                    .map(|p| p.candidate.value)
                    .collect();
                assert_eq!(symbols.len(), set.len() + 1);
                let base = houses_with(HouseRole::Base);
                assert_eq!(base.len(), 1);
                assert!(set.iter().all(|c| base[0].contains(c)));
            }
            Technique::AlsXz
            | Technique::AlsXyWing
            | Technique::AlsChain
            | Technique::DeathBlossom => {
                // Sets in their base houses (a death blossom's stem apart), joined by weak
                // links of one symbol between cells that see each other, never both true;
                // nothing removed from the pattern.
                let base = houses_with(HouseRole::Base);
                for &c in step
                    .cells_in(Role::AlsMember)
                    .iter()
                    .chain(&step.cells_in(Role::ChainNode))
                {
                    assert!(base.iter().any(|h| h.contains(&c)), "{}", step.reason);
                }
                let pivots = step.cells_in(Role::Pivot);
                if step.technique == Technique::DeathBlossom {
                    assert_eq!(pivots.len(), 1, "{}", step.reason);
                } else if step.technique == Technique::AlsXyWing {
                    assert!(pivots.iter().all(|c| base.iter().any(|h| h.contains(c))));
                }
                assert!(!step.links.is_empty());
                for l in &step.links {
                    assert!(!l.strong && l.from.value == l.to.value, "{}", step.reason);
                    assert!(weakly_linked(layout, l.from, l.to), "{}", step.reason);
                    assert!(!(is_true(solution, l.from) && is_true(solution, l.to)));
                }
                assert!(step
                    .eliminations
                    .iter()
                    .all(|e| !step.cells.contains(&e.cell)));
            }
            Technique::AlignedPairExclusion | Technique::AlignedTripletExclusion => {
                // The set's k cells (each keeping a candidate) lose what the step removes;
                // each excluder sees all k and holds 2 to k candidates; and every
                // combination of the set's symbols (kept and removed) that uses a removed
                // one repeats a symbol in two cells that see each other or holds all of an
                // excluder's candidates.
                let k = if step.technique == Technique::AlignedPairExclusion {
                    2
                } else {
                    3
                };
                let set = step.cells_in(Role::Aligned);
                assert_eq!(set.len(), k, "{}", step.reason);
                let mask = |cell: usize, role: Role| -> u32 {
                    step.roles
                        .iter()
                        .filter(|p| p.role == role && p.candidate.cell == cell)
                        .fold(0, |m, p| m | 1 << p.candidate.value)
                };
                let removed = |cell: usize| -> u32 {
                    step.eliminations
                        .iter()
                        .filter(|e| e.cell == cell)
                        .fold(0, |m, e| m | 1 << e.value)
                };
                assert!(step.eliminations.iter().all(|e| set.contains(&e.cell)));
                let excluders: Vec<u32> = step
                    .cells_in(Role::Excluder)
                    .into_iter()
                    .map(|x| {
                        assert!(set.iter().all(|&c| sees(layout, c, x)), "{}", step.reason);
                        mask(x, Role::Excluder)
                    })
                    .collect();
                assert!(excluders
                    .iter()
                    .all(|m| (2..=k).contains(&(m.count_ones() as usize))));
                let choices = set.iter().fold(vec![Vec::new()], |acc, &c| {
                    let all = mask(c, Role::Aligned) | removed(c);
                    acc.iter()
                        .flat_map(|prefix| {
                            (1..32u8).filter(move |v| all & 1 << v != 0).map(move |v| {
                                let mut next: Vec<u8> = prefix.clone();
                                next.push(v);
                                next
                            })
                        })
                        .collect()
                });
                for symbols in choices {
                    let uses_removed = set
                        .iter()
                        .zip(&symbols)
                        .any(|(&c, &v)| removed(c) & 1 << v != 0);
                    if !uses_removed {
                        continue;
                    }
                    let repeat = (0..k).any(|i| {
                        (i + 1..k).any(|j| symbols[i] == symbols[j] && sees(layout, set[i], set[j]))
                    });
                    let held = symbols.iter().fold(0u32, |m, &v| m | 1 << v);
                    let empties = excluders.iter().any(|&m| m & !held == 0);
                    assert!(repeat || empties, "{symbols:?}: {}", step.reason);
                }
                aligned[k - 2] += 1;
            }
            Technique::SueDeCoq => {
                // The core where the two houses meet, each side's cells in one house only,
                // as many symbols as cells; eliminations in the houses, off the pattern.
                let base = houses_with(HouseRole::Base);
                assert_eq!(base.len(), 2, "{}", step.reason);
                for &c in &step.cells_in(Role::Locked) {
                    assert!(base[0].contains(&c) && base[1].contains(&c));
                }
                for &c in &step.cells_in(Role::Subset) {
                    assert!(base[0].contains(&c) != base[1].contains(&c));
                }
                let symbols: std::collections::BTreeSet<u8> =
                    step.candidates.iter().map(|c| c.value).collect();
                assert_eq!(symbols.len(), step.cells.len(), "{}", step.reason);
                for e in &step.eliminations {
                    assert!(!step.cells.contains(&e.cell));
                    assert!(base.iter().any(|h| h.contains(&e.cell)));
                }
            }
            Technique::UniqueRectangle1
            | Technique::UniqueRectangle2
            | Technique::UniqueRectangle3
            | Technique::UniqueRectangle4 => {
                let (floor, roof) = (step.cells_in(Role::Floor), step.cells_in(Role::Roof));
                let mut corners: Vec<usize> = floor.iter().chain(&roof).copied().collect();
                corners.sort_unstable();
                corners.dedup();
                assert_eq!(corners, step.cells, "{}", step.reason);
                assert!(!floor.is_empty() && !roof.is_empty());
                assert!(floor.iter().all(|c| !roof.contains(c)));
            }
            Technique::LockedCandidates => {
                let (base, cover) = (houses_with(HouseRole::Base), houses_with(HouseRole::Cover));
                assert_eq!((base.len(), cover.len()), (1, 1));
                for p in &step.roles {
                    assert_eq!(p.role, Role::Locked);
                    assert!(base[0].contains(&p.candidate.cell));
                    assert!(cover[0].contains(&p.candidate.cell));
                }
                for e in &step.eliminations {
                    assert!(cover[0].contains(&e.cell) && !base[0].contains(&e.cell));
                }
                if let Some(p) = step.placement {
                    let target = houses_with(HouseRole::Target);
                    assert_eq!(target.len(), 1);
                    assert!(target[0].contains(&p.cell));
                }
            }
            Technique::NakedPair
            | Technique::NakedTriple
            | Technique::NakedQuad
            | Technique::HiddenPair
            | Technique::HiddenTriple
            | Technique::HiddenQuad => {
                let base = houses_with(HouseRole::Base);
                assert_eq!(base.len(), 1);
                assert!(step
                    .roles
                    .iter()
                    .all(|p| p.role == Role::Subset && base[0].contains(&p.candidate.cell)));
            }
            Technique::ContradictionChain | Technique::ContradictionNet => {
                // The assumption (false), then the placements it makes, each in a cell of
                // its own, none in the cell or of the symbol in the region that breaks.
                assert_eq!(step.roles[0].role, Role::Source);
                let source = step.roles[0].candidate;
                assert!(!is_true(solution, source));
                let implied: Vec<Candidate> = step.roles[1..]
                    .iter()
                    .map(|p| {
                        assert_eq!(p.role, Role::Implied);
                        p.candidate
                    })
                    .collect();
                let mut cells: Vec<usize> = implied.iter().map(|c| c.cell).collect();
                cells.push(source.cell);
                cells.sort_unstable();
                cells.dedup();
                assert_eq!(cells.len(), implied.len() + 1, "{}", step.reason);
                match step.contradiction.expect("where it breaks") {
                    Contradiction::Cell(x) => assert!(!cells.contains(&x)),
                    Contradiction::House(region, v) => {
                        let house = region_cells(layout, region);
                        assert!(!implied
                            .iter()
                            .chain([&source])
                            .any(|c| c.value == v && house.contains(&c.cell)));
                    }
                }
            }
            Technique::ForcingChain | Technique::ForcingNet => {
                // Its sources: a cell's candidates or a symbol's places, one of them true,
                // or (double forcing) one candidate, assumed true and false, either way;
                // then the placements its branches make.
                let sources = step.roles.iter().take_while(|p| p.role == Role::Source);
                assert_eq!(sources.clone().count(), step.candidates.len());
                assert!(step.roles[step.candidates.len()..]
                    .iter()
                    .all(|p| p.role == Role::Implied));
                let true_sources = sources.filter(|p| is_true(solution, p.candidate)).count();
                if step.candidates.len() > 1 {
                    assert_eq!(true_sources, 1, "{}", step.reason);
                } else {
                    assert!(step.reason.contains(" or not;"), "{}", step.reason);
                }
            }
            _ => {}
        }
        if !matches!(
            step.technique,
            Technique::ContradictionChain | Technique::ContradictionNet
        ) {
            assert!(step.contradiction.is_none());
        }
    });
    for t in [
        Technique::HiddenSingle,
        Technique::LockedCandidates,
        Technique::XyWing,
        Technique::ContradictionChain,
    ] {
        assert!(seen.contains(&t), "no {t} step in the sample");
    }
    assert!(
        blockers.iter().all(|&k| k > 0),
        "blockers of hidden and naked singles: {blockers:?}"
    );
    eprintln!("aligned pair and triplet exclusions checked: {aligned:?}");
}

/// The names in a TypeScript union `export type NAME = | "a" | "b" ...;` of the bindings'
/// declarations (`src/wasm/logic.rs`).
fn union(declarations: &str, name: &str) -> Vec<String> {
    let start = declarations
        .find(&format!("export type {name} ="))
        .unwrap_or_else(|| panic!("no {name} in the declarations"));
    let body = &declarations[start..];
    let body = &body[..body.find(';').expect("the union's end")];
    body.split('"')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

/// The `.d.ts` unions of the bindings and the README's list of roles are checked against
/// the Rust enums they come from: same names, same order.
#[test]
fn the_declared_unions_and_the_readme_name_every_role_and_technique() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let declarations = std::fs::read_to_string(format!("{root}/src/wasm/logic.rs"))
        .expect("the bindings' logic.rs");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).expect("README.md");
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let roles: Vec<&str> = Role::ALL.iter().map(|r| r.name()).collect();
    let house_roles: Vec<&str> = HouseRole::ALL.iter().map(|r| r.name()).collect();
    let techniques: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
    assert_eq!(union(&declarations, "SudokuRole"), names(&roles));
    assert_eq!(union(&declarations, "SudokuHouseRole"), names(&house_roles));
    assert_eq!(union(&declarations, "SudokuTechnique"), names(&techniques));
    for name in roles.iter().chain(&house_roles) {
        assert!(readme.contains(&format!("`{name}`")), "README: no `{name}`");
    }
}
