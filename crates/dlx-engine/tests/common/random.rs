//! Random problems for the property tests: primary items (with multiplicities, if asked),
//! secondary items with colors, and options of up to four distinct items. An option with no
//! primary item is kept under its index and left out of the search, as the builder does
//! (so every search here meets such options; `is_solution` never takes one).

use dlx_engine::{Problem, ProblemBuilder};
use proptest::prelude::*;

/// The color names an option may give a secondary item, the first `Shape::colors` of them.
const COLORS: [&str; 3] = ["red", "green", "blue"];

/// Whether the primary items get bounds `min..=max` (Knuth's multiplicities, `min` from 0
/// to 2 and `max` from 1 to 4).
#[derive(Debug, Clone, Copy)]
pub enum Bounds {
    /// Each item exactly once.
    Never,
    /// Every problem bounded.
    Always,
    /// Half the problems, at random.
    Sometimes,
}

/// How big the random problems get.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// Primary items: from 1 to this.
    pub primary: usize,
    /// Secondary items: from 0 to this.
    pub secondary: usize,
    /// Colors a secondary item's entry may have (1 to 3); it may also have none.
    pub colors: usize,
    /// Options: from 0 to this.
    pub options: usize,
    /// Multiplicities.
    pub bounds: Bounds,
}

/// Random problems of `shape`.
pub fn problems(shape: Shape) -> impl Strategy<Value = Problem> {
    assert!((1..=COLORS.len()).contains(&shape.colors));
    let bounded = match shape.bounds {
        Bounds::Never => Just(false).boxed(),
        Bounds::Always => Just(true).boxed(),
        Bounds::Sometimes => any::<bool>().boxed(),
    };
    (1..=shape.primary, 0..=shape.secondary, bounded).prop_flat_map(
        move |(primary, secondary, bounded)| {
            let items = primary + secondary;
            let color = prop::option::of(0..shape.colors);
            let option = prop::collection::btree_map(0..items, color, 1..=items.min(4));
            let bounds = prop::collection::vec((0u32..=2, 0u32..=2), primary);
            let options = prop::collection::vec(option, 0..=shape.options);
            (options, bounds).prop_map(move |(options, bounds)| {
                let mut b = ProblemBuilder::new(primary, secondary).unwrap();
                if bounded {
                    for (item, (min, extra)) in bounds.into_iter().enumerate() {
                        b.set_bounds(item, min, (min + extra).max(1)).unwrap();
                    }
                }
                for option in options {
                    let entries: Vec<(usize, Option<&str>)> = option
                        .into_iter()
                        .map(|(item, color)| {
                            (item, color.filter(|_| item >= primary).map(|c| COLORS[c]))
                        })
                        .collect();
                    let _ = b.add_colored_option(&entries);
                }
                b.build()
            })
        },
    )
}
