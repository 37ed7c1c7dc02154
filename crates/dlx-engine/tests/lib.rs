//! The engine's integration tests, one test binary (`cargo test -p dlx-engine --test
//! engine_tests`): each file of `tests/` named below is a module of it, so the crate is linked
//! once for all of them (as regex-automata's `tests/lib.rs` does). Run one file's tests with a
//! filter on its module, e.g. `cargo test --profile ci -p dlx-engine --test engine_tests --
//! brute_force::`. The fixtures are the workspace's, in `tests/data/` at its root.
#![cfg(not(target_arch = "wasm32"))]

mod common;

mod brute_force;
mod cli;
mod distributed;
mod engine;
mod errors;
mod memo;
mod parallel;
mod puzzles;
mod schedule;
mod trace;
