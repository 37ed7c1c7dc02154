//! What the sudoku tests share.
#![allow(dead_code)]

pub mod rank;
