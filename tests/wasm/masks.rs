//! The bit-mask search as compiled to wasm, on both widths: built plain, or with
//! `-C target-feature=+simd128` as the package's SIMD module is (`crates/dlx-engine/src/engine/masks.rs` has
//! code of its own for that target), it must make the search it makes natively. The figures
//! are the published ones `tests/puzzles.rs` checks natively: Knuth's DLX1 node and update
//! counts for 12 queens (70 items: `u128` masks) and the known counts.

use dlx_engine::puzzles::{langford, pentominoes, polyomino_tiling, queens};
use dlx_engine::Solver;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn twelve_queens_match_dlx1_node_and_update_counts() {
    let mut solver = Solver::new(&queens(12).unwrap());
    assert_eq!(solver.count_solutions(), 14_200);
    let stats = solver.stats();
    assert_eq!((stats.nodes, stats.updates), (211_716, 3_594_752));
}

#[wasm_bindgen_test]
fn pentominoes_tile_3x20_in_8_ways() {
    // 72 items (`u128` masks): 2 tilings, each in 4 symmetric copies.
    let problem = polyomino_tiling(&pentominoes(), 3, 20).unwrap();
    assert!(problem.item_count() > 64);
    assert_eq!(Solver::new(&problem).count_solutions(), 8);
}

#[wasm_bindgen_test]
fn langford_pairs_for_8_are_300() {
    // 24 items (`u64` masks); each arrangement counted with its reversal.
    assert_eq!(Solver::new(&langford(8).unwrap()).count_solutions(), 300);
}
