//! Placeholder until the benchmark suite lands.
fn main() {}
