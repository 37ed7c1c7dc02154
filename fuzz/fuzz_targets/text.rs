//! Knuth's text format: any input either parses, and then writes back as the same problem
//! and searches soundly, or is refused with a typed error that names its line. Never a panic.
#![no_main]

use dlx_engine::Problem;
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match Problem::parse(&text) {
        Ok(problem) => {
            common::check_round_trip(&problem);
            let seed = data.first().map(|&b| u64::from(b));
            common::check_search(&problem, seed.filter(|s| s % 2 == 1));
        }
        Err(error) => common::check_error(&error, true),
    }
});
