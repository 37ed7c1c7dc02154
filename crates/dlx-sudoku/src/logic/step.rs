//! What one logical step is: the technique, the pattern it found, what it removes or
//! places, and why, with its difficulty on the Sudoku Explainer (SE) scale.

use std::fmt;

use crate::layout::RegionName;

use super::pattern::{Contradiction, House, Link, Part, Role};

/// A technique a step uses, easiest first (roughly; [`Step::score`] orders them exactly).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// The cell has one candidate left: every other symbol is in one of its regions.
    NakedSingle,
    /// The symbol has one place left in an exactly-once region.
    HiddenSingle,
    /// A symbol's candidates in one region all lie in a second region, so the rest of the
    /// second region loses it (pointing and claiming, on any pair of regions). A direct
    /// step (SE's direct pointing 1.7 and claiming 1.9) instead places the hidden single
    /// the elimination would leave.
    LockedCandidates,
    /// Two cells of a region hold only the same two symbols.
    NakedPair,
    /// Two symbols of a region have the same two places. A direct step (SE's 2.0) places
    /// the hidden single the pair leaves in the region.
    HiddenPair,
    /// Three cells of a region hold only the same three symbols.
    NakedTriple,
    /// Three symbols of a region have the same three places. A direct step (SE's 2.5)
    /// places the hidden single the triple leaves in the region.
    HiddenTriple,
    /// Four cells of a region hold only the same four symbols.
    NakedQuad,
    /// Four symbols of a region have the same four places.
    HiddenQuad,
    /// A symbol in two rows (columns) confined to two columns (rows).
    XWing,
    /// The same with three.
    Swordfish,
    /// The same with four.
    Jellyfish,
    /// An X-Wing but for fins: places of the base lines outside the cover lines, all in one
    /// box. Only cover-line candidates that see every fin go.
    FinnedXWing,
    /// A finned X-Wing with a corner missing: the fins' box holds no other place of the fish.
    SashimiXWing,
    /// A Swordfish with fins.
    FinnedSwordfish,
    /// A finned Swordfish with a corner missing.
    SashimiSwordfish,
    /// A Jellyfish with fins.
    FinnedJellyfish,
    /// A finned Jellyfish with a corner missing.
    SashimiJellyfish,
    /// A pivot `xy` seeing pincers `xz` and `yz`: no cell seeing both pincers is `z`.
    XyWing,
    /// A pivot `xyz` seeing pincers `xz` and `yz`: no cell seeing all three is `z`.
    XyzWing,
    /// Two cells `xy` joined by a strong link on `x`: no cell seeing both is `y`.
    WWing,
    /// An almost locked set (cells of a region holding one symbol more than their count)
    /// and a cell with two candidates `x` and `z` seeing its `x`: the set or the cell is `z`
    /// (Sudoku Explainer's WXYZ-, VWXYZ- and UVWXYZ-Wing).
    AlsWing,
    /// Two almost locked sets with a restricted common candidate `x` (every `x` of one
    /// sees every `x` of the other): one set is locked without `x`, so a symbol `z` both
    /// hold is in one of them (doubly linked, with two such candidates: both sets are
    /// locked).
    AlsXz,
    /// Three almost locked sets, the middle one with a restricted common candidate to
    /// each of the others (different ones): one of the outer two is locked, so a symbol
    /// both hold is in one of them.
    AlsXyWing,
    /// Four almost locked sets, each joined to the next by a restricted common
    /// candidate (not the same symbol twice in a row): the first or the last is locked, so
    /// a symbol both hold is in one of them.
    AlsChain,
    /// A stem cell and, for each of its candidates, an almost locked set whose every
    /// place of that candidate sees the stem: whichever the stem is, that set is locked,
    /// so a symbol every set holds is in one of them.
    DeathBlossom,
    /// Cells where two regions meet, holding at least two symbols more than cells, with
    /// cells of each region apart holding symbols of the other side's none: together they
    /// are locked, and each region's rest loses the symbols they keep in it.
    SueDeCoq,
    /// Two cells and the cells with two candidates that see both: the pair cannot take two
    /// symbols that are all of such a cell's candidates (nor one symbol twice where the two
    /// share a region), so a candidate no allowed pair of symbols uses is false.
    AlignedPairExclusion,
    /// The same with three cells and the cells with two or three candidates that see all
    /// three.
    AlignedTripletExclusion,
    /// A chain of strong and weak links on one symbol (simple colouring, skyscraper,
    /// turbot fish are short ones).
    XChain,
    /// A chain through cells with two candidates.
    XyChain,
    /// An alternating inference chain on any candidates.
    Aic,
    /// An X-chain whose nodes may be groups: places of the symbol where a box meets a
    /// line, true when one of them is.
    GroupedXChain,
    /// An alternating inference chain whose nodes may be groups.
    GroupedAic,
    /// 3D Medusa: the candidates joined by strong links (a cell's two candidates, a
    /// symbol's two places in a region) split into two colours, one of them all true; a
    /// colour that would put two true candidates where only one fits is false, and a
    /// candidate that sees both colours is false.
    Medusa,
    /// Unique rectangle type 1.
    UniqueRectangle1,
    /// Unique rectangle type 2.
    UniqueRectangle2,
    /// Unique rectangle type 3.
    UniqueRectangle3,
    /// Unique rectangle type 4.
    UniqueRectangle4,
    /// Bivalue universal grave plus one.
    BugPlusOne,
    /// Assuming a candidate true (or false) leads by that symbol's hidden singles alone to
    /// a contradiction, so it is false (true): Sudoku Explainer's Nishio (7.5). Inside the
    /// assumptions of the deepest nested nets (10.5), the rule that removes every candidate
    /// whose assumption breaks the grid by singles has this technique too (never a step
    /// of its own there).
    ContradictionChain,
    /// Every candidate of a cell of three or more (or every place of a symbol in a region)
    /// leads to the same conclusion along the links the grid has before the assumption:
    /// SE's (static) multiple forcing chains (8.0). Its base is also 3D Medusa's rule 6
    /// (a colour that would empty a cell: 8.0 and the length bonus). Inside the
    /// assumptions of nested nets (10.0 and up), the rule that applies the first cell or
    /// region of two or three whose branches agree by singles has this technique too.
    ForcingChain,
    /// Assuming a candidate true (or false) leads to a contradiction by singles on the
    /// grid as the assumption changes it (SE's dynamic forcing chains, 8.5), then by more:
    /// locked candidates, pairs and X-Wing (SE's dynamic chains "+", 9.0), then, nested,
    /// chains, forcing chains and contradiction chains (9.5, 10.0, 10.5), then the nets of
    /// 9.5 themselves (11.0).
    ContradictionNet,
    /// Every candidate of a cell, every place of a symbol in a region, or one candidate
    /// true and false, leads to the same conclusion, with a contradiction net's rules.
    ForcingNet,
    /// An entry disagrees with the solution: the step gives the right symbol.
    WrongEntry,
    /// The player's pencil marks leave out the symbol the solution has in a cell.
    MissingCandidate,
    /// No logical step is known: the step reveals one cell of the solution.
    Reveal,
}

impl Technique {
    /// Every technique, in the order of this enum.
    pub const ALL: [Technique; 47] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::LockedCandidates,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::AlsWing,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::AlsChain,
        Technique::DeathBlossom,
        Technique::SueDeCoq,
        Technique::AlignedPairExclusion,
        Technique::AlignedTripletExclusion,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::GroupedXChain,
        Technique::GroupedAic,
        Technique::Medusa,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
        Technique::BugPlusOne,
        Technique::ContradictionChain,
        Technique::ForcingChain,
        Technique::ContradictionNet,
        Technique::ForcingNet,
        Technique::WrongEntry,
        Technique::MissingCandidate,
        Technique::Reveal,
    ];

    /// The technique's name in `snake_case`, e.g. `naked_single`, `x_wing`, `aic`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked_single",
            Technique::HiddenSingle => "hidden_single",
            Technique::LockedCandidates => "locked_candidates",
            Technique::NakedPair => "naked_pair",
            Technique::HiddenPair => "hidden_pair",
            Technique::NakedTriple => "naked_triple",
            Technique::HiddenTriple => "hidden_triple",
            Technique::NakedQuad => "naked_quad",
            Technique::HiddenQuad => "hidden_quad",
            Technique::XWing => "x_wing",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::FinnedXWing => "finned_x_wing",
            Technique::SashimiXWing => "sashimi_x_wing",
            Technique::FinnedSwordfish => "finned_swordfish",
            Technique::SashimiSwordfish => "sashimi_swordfish",
            Technique::FinnedJellyfish => "finned_jellyfish",
            Technique::SashimiJellyfish => "sashimi_jellyfish",
            Technique::XyWing => "xy_wing",
            Technique::XyzWing => "xyz_wing",
            Technique::WWing => "w_wing",
            Technique::AlsWing => "als_wing",
            Technique::AlsXz => "als_xz",
            Technique::AlsXyWing => "als_xy_wing",
            Technique::AlsChain => "als_chain",
            Technique::DeathBlossom => "death_blossom",
            Technique::SueDeCoq => "sue_de_coq",
            Technique::AlignedPairExclusion => "aligned_pair_exclusion",
            Technique::AlignedTripletExclusion => "aligned_triplet_exclusion",
            Technique::XChain => "x_chain",
            Technique::XyChain => "xy_chain",
            Technique::Aic => "aic",
            Technique::GroupedXChain => "grouped_x_chain",
            Technique::GroupedAic => "grouped_aic",
            Technique::Medusa => "medusa",
            Technique::UniqueRectangle1 => "unique_rectangle_1",
            Technique::UniqueRectangle2 => "unique_rectangle_2",
            Technique::UniqueRectangle3 => "unique_rectangle_3",
            Technique::UniqueRectangle4 => "unique_rectangle_4",
            Technique::BugPlusOne => "bug_plus_one",
            Technique::ContradictionChain => "contradiction_chain",
            Technique::ForcingChain => "forcing_chain",
            Technique::ContradictionNet => "contradiction_net",
            Technique::ForcingNet => "forcing_net",
            Technique::WrongEntry => "wrong_entry",
            Technique::MissingCandidate => "missing_candidate",
            Technique::Reveal => "reveal",
        }
    }

    /// The technique's name as a player reads it, e.g. `Naked single`, `X-Wing`,
    /// `Alternating inference chain`.
    pub fn title(self) -> &'static str {
        match self {
            Technique::NakedSingle => "Naked single",
            Technique::HiddenSingle => "Hidden single",
            Technique::LockedCandidates => "Locked candidates",
            Technique::NakedPair => "Naked pair",
            Technique::HiddenPair => "Hidden pair",
            Technique::NakedTriple => "Naked triple",
            Technique::HiddenTriple => "Hidden triple",
            Technique::NakedQuad => "Naked quad",
            Technique::HiddenQuad => "Hidden quad",
            Technique::XWing => "X-Wing",
            Technique::Swordfish => "Swordfish",
            Technique::Jellyfish => "Jellyfish",
            Technique::FinnedXWing => "Finned X-Wing",
            Technique::SashimiXWing => "Sashimi X-Wing",
            Technique::FinnedSwordfish => "Finned Swordfish",
            Technique::SashimiSwordfish => "Sashimi Swordfish",
            Technique::FinnedJellyfish => "Finned Jellyfish",
            Technique::SashimiJellyfish => "Sashimi Jellyfish",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::WWing => "W-Wing",
            Technique::AlsWing => "ALS wing",
            Technique::AlsXz => "ALS-XZ",
            Technique::AlsXyWing => "ALS-XY-Wing",
            Technique::AlsChain => "ALS chain",
            Technique::DeathBlossom => "Death blossom",
            Technique::SueDeCoq => "Sue de Coq",
            Technique::AlignedPairExclusion => "Aligned pair exclusion",
            Technique::AlignedTripletExclusion => "Aligned triplet exclusion",
            Technique::XChain => "X-Chain",
            Technique::XyChain => "XY-Chain",
            Technique::Aic => "Alternating inference chain",
            Technique::GroupedXChain => "Grouped X-Chain",
            Technique::GroupedAic => "Grouped alternating inference chain",
            Technique::Medusa => "3D Medusa",
            Technique::UniqueRectangle1 => "Unique rectangle (type 1)",
            Technique::UniqueRectangle2 => "Unique rectangle (type 2)",
            Technique::UniqueRectangle3 => "Unique rectangle (type 3)",
            Technique::UniqueRectangle4 => "Unique rectangle (type 4)",
            Technique::BugPlusOne => "BUG+1",
            Technique::ContradictionChain => "Contradiction chain",
            Technique::ForcingChain => "Forcing chain",
            Technique::ContradictionNet => "Contradiction net",
            Technique::ForcingNet => "Forcing net",
            Technique::WrongEntry => "Wrong entry",
            Technique::MissingCandidate => "Missing pencil mark",
            Technique::Reveal => "A cell of the solution",
        }
    }

    /// The technique's base difficulty on the Sudoku Explainer scale (a step may add to it:
    /// see [`Step::score`]). 0 for the three that are not solving techniques. SE has no
    /// finned fish: theirs is the basic fish's plus 0.2 (finned) or 0.3 to 0.4 (sashimi),
    /// as Sunnie's Sudoku Studio rates them on SE's scale.
    ///
    /// SE has no Sue de Coq, ALS-XZ, ALS-XY-Wing, ALS chain or death blossom: it proves their
    /// eliminations with chains and forcing chains, usually scored higher, so each is
    /// scored near what SE would use, and checked on SE's ratings of 320 puzzles (the
    /// agreement is no worse with them than without): Sue de Coq with the easiest chains
    /// (6.6), ALS-XZ just above a contradiction chain's base (7.6, since taking away one
    /// symbol leaves a locked set, not the singles SE's chains follow), ALS-XY-Wing among
    /// SE's multiple forcing chains (8.2; theirs are 8.0 and a length bonus), ALS chains of
    /// four sets after it (8.3), death blossom (a forcing chain from each of the stem's
    /// candidates) after them (8.4), all below SE's dynamic forcing chains (8.5).
    pub fn base_score(self) -> f64 {
        match self {
            Technique::HiddenSingle => 1.2,
            Technique::NakedSingle => 2.3,
            Technique::LockedCandidates => 2.6,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::XyWing => 4.2,
            Technique::XyzWing => 4.4,
            Technique::UniqueRectangle1 | Technique::UniqueRectangle2 => 4.5,
            Technique::UniqueRectangle3 | Technique::UniqueRectangle4 => 4.6,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::FinnedXWing => 3.4,
            Technique::SashimiXWing => 3.5,
            Technique::FinnedSwordfish => 4.0,
            Technique::SashimiSwordfish => 4.1,
            Technique::FinnedJellyfish => 5.4,
            Technique::SashimiJellyfish => 5.6,
            Technique::HiddenQuad => 5.4,
            Technique::BugPlusOne => 5.6,
            Technique::XChain => 6.6,
            Technique::XyChain | Technique::Aic => 7.0,
            // Sudoku Explainer has no 3D Medusa: each of its eliminations is one of SE's
            // forcing chains (7.0 and the chain's length bonus), so it rates as the AIC.
            Technique::Medusa => 7.0,
            // SE has no grouped nodes: a group's strong link needs its Nishio (7.5) at the
            // least on one symbol, its multiple forcing chains (8.0) across symbols.
            Technique::GroupedXChain => 7.5,
            Technique::GroupedAic => 8.0,
            Technique::WWing => 7.1,
            Technique::AlsWing => 5.5,
            Technique::SueDeCoq => 6.6,
            // SE's own figures (AlignedExclusionHint.getDifficulty).
            Technique::AlignedPairExclusion => 6.2,
            Technique::AlignedTripletExclusion => 7.5,
            Technique::AlsXz => 7.6,
            Technique::AlsXyWing => 8.2,
            Technique::AlsChain => 8.3,
            Technique::DeathBlossom => 8.4,
            // SE's chaining levels (`Chaining.getDifficulty`): Nishio, multiple (static)
            // forcing chains, dynamic forcing chains; each step adds its length bonus.
            Technique::ContradictionChain => 7.5,
            Technique::ForcingChain => 8.0,
            Technique::ContradictionNet | Technique::ForcingNet => 8.5,
            Technique::WrongEntry | Technique::MissingCandidate | Technique::Reveal => 0.0,
        }
    }

    /// Whether the technique assumes the puzzle has one solution.
    pub fn needs_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::UniqueRectangle1
                | Technique::UniqueRectangle2
                | Technique::UniqueRectangle3
                | Technique::UniqueRectangle4
                | Technique::BugPlusOne
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A candidate: symbol `value` (from 1) in cell `cell` (reading order, from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    /// The cell.
    pub cell: usize,
    /// The symbol, from 1.
    pub value: u8,
}

/// One logical step.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The cells that form the pattern, ascending.
    pub cells: Vec<usize>,
    /// The candidates that form the pattern (for a chain, in chain order).
    pub candidates: Vec<Candidate>,
    /// The regions the pattern lives in, if it names any.
    pub regions: Vec<RegionName>,
    /// The candidates the step removes.
    pub eliminations: Vec<Candidate>,
    /// The symbol the step places, if it places one.
    pub placement: Option<Candidate>,
    /// Why, in one plain-English sentence.
    pub reason: String,
    /// Its difficulty on the Sudoku Explainer scale (1.0 to about 11).
    pub score: f64,
    /// For a chain (X-chain, XY-chain, AIC, turbot fish, W-Wing), each link between
    /// consecutive nodes in chain order, strong or weak; for ALS-XZ, ALS-XY-Wing and death
    /// blossom, the weak links of each restricted common candidate (between the places of
    /// that symbol in the two sets it joins, or the stem and its petal). For a contradiction
    /// or forcing chain or net, the implications of each branch from its source to the
    /// contradiction or the common conclusion (a candidate turned off forcing one on is a
    /// strong link, one turned on ruling one out a weak link; in a net a candidate may have
    /// several links in). Empty otherwise.
    pub links: Vec<Link>,
    /// The houses of the pattern, each with what it does (base, cover, ...).
    pub houses: Vec<House>,
    /// What each candidate of the pattern does (pivot, pincer, floor, chain end, ...):
    /// every cell of [`Step::cells`] has at least one, but for the steps that are not
    /// techniques ([`Technique::WrongEntry`], [`Technique::MissingCandidate`],
    /// [`Technique::Reveal`]), which have none.
    pub roles: Vec<Part>,
    /// For a contradiction chain or net, where its assumption breaks the grid.
    pub contradiction: Option<Contradiction>,
}

impl Step {
    /// A step with the technique's base score and nothing in it yet.
    pub(crate) fn new(technique: Technique, reason: String) -> Step {
        Step {
            technique,
            cells: Vec::new(),
            candidates: Vec::new(),
            regions: Vec::new(),
            eliminations: Vec::new(),
            placement: None,
            reason,
            score: technique.base_score(),
            links: Vec::new(),
            houses: Vec::new(),
            roles: Vec::new(),
            contradiction: None,
        }
    }

    /// The cells that have a candidate in `role` ([`Step::roles`]), each once, in the order
    /// of their first part: a fish's base cells, a finned fish's fins, an aligned
    /// exclusion's excluders, ...
    pub fn cells_in(&self, role: Role) -> Vec<usize> {
        let mut cells = Vec::new();
        for part in self.roles.iter().filter(|p| p.role == role) {
            if !cells.contains(&part.candidate.cell) {
                cells.push(part.candidate.cell);
            }
        }
        cells
    }
}

/// SE's extra difficulty for a chain of `length` links: a tenth for each of 4, 6, 8, 12,
/// 16, 24, 32, 48, 64, ... exceeded, each step half again, then a third again, the last
/// (`ChainingHint.getLengthDifficulty` in SudokuMonster/SukakuExplainer, with no upper
/// end: the nested nets of the hardest puzzles run to thousands of candidates).
pub(crate) fn length_bonus(length: usize) -> f64 {
    let (mut ceil, mut tenths, mut half) = (4, 0u32, true);
    while length > ceil {
        tenths += 1;
        ceil = if half { ceil * 3 / 2 } else { ceil * 4 / 3 };
        half = !half;
    }
    f64::from(tenths) * 0.1
}
