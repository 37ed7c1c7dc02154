//! Work that several tests of this binary need, done once. A generated puzzle and a solving
//! path are functions of their input (the same options give the same puzzle, the same puzzle
//! the same path: `sudoku_generate::the_same_seed_gives_the_same_puzzle` and the generator's
//! recorded puzzles check the first), so the first test to ask makes one and the others take a
//! copy; a test that asks while another is making it waits for that one. The tests that check
//! determinism itself call `generate` and `solve_path` directly.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, OnceLock};

use dlx_sudoku::{
    generate, GenerateOptions, Generated, Level, Options, SolvePath, Sudoku, Symmetry, Variant,
};

/// Values made once per key, each behind its own cell so that making one does not hold up
/// the others.
struct Memo<V>(Mutex<HashMap<String, Arc<OnceLock<V>>>>);

impl<V: Clone> Memo<V> {
    fn new() -> Self {
        Memo(Mutex::new(HashMap::new()))
    }

    /// The value for `key`, made by `make` if no test has asked for it yet.
    fn get(&self, key: String, make: impl FnOnce() -> V) -> V {
        let cell = Arc::clone(self.0.lock().unwrap().entry(key).or_default());
        cell.get_or_init(make).clone()
    }
}

/// The options of a generated puzzle: `variant` at size `n` (the inferred box shape),
/// `level`, `seed`, no symmetry, no SE range. For the classic variant, the web page's call:
/// `generate_sudoku({ size, difficulty, seed })`.
pub fn generate_options(variant: Variant, n: usize, level: Level, seed: u64) -> GenerateOptions {
    GenerateOptions {
        puzzle: Options {
            size: Some(n),
            ..Options::variant(variant)
        },
        seed,
        level,
        symmetry: Symmetry::None,
        se: None,
    }
}

/// [`generate`]`(options)`, made once for the whole binary; panics (naming the options) if
/// generation fails.
pub fn generated(options: &GenerateOptions) -> Generated {
    static MEMO: LazyLock<Memo<Generated>> = LazyLock::new(Memo::new);
    MEMO.get(format!("{options:?}"), || {
        generate(options).unwrap_or_else(|e| panic!("{options:?}: {e}"))
    })
}

/// `puzzle.solve_path()`, made once for the whole binary; panics if the puzzle has not
/// exactly one solution.
pub fn path(puzzle: &Sudoku) -> SolvePath {
    static MEMO: LazyLock<Memo<SolvePath>> = LazyLock::new(Memo::new);
    MEMO.get(format!("{puzzle:?}"), || {
        puzzle
            .solve_path()
            .unwrap_or_else(|e| panic!("{puzzle}: {e}"))
    })
}
