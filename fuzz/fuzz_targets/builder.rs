//! The builder: any sequence of calls either builds a problem, which writes itself as text
//! that parses back to the same problem and searches soundly, or is refused call by call
//! with typed errors, leaving the builder as it was. Never a panic.
#![no_main]

use dlx_engine::ProblemBuilder;
use libfuzzer_sys::fuzz_target;

mod common;

/// Item and color names the calls pick from: some valid, some not.
const NAMES: [&str; 8] = ["a", "b", "c", "x", "y", "", "a b", "p:q"];
const COLORS: [&str; 4] = ["red", "blue", "", "x|y"];

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next();
    let (Some(shape), Some(kind)) = (next(), next()) else {
        return;
    };
    let primary = usize::from(shape % 6);
    let secondary = usize::from(shape / 6 % 4);
    let builder = if kind % 2 == 0 {
        ProblemBuilder::new(primary, secondary)
    } else {
        let names: Vec<&str> = (0..primary + secondary)
            .map(|k| NAMES[(usize::from(kind / 2) + k * 3) % NAMES.len()])
            .collect();
        ProblemBuilder::with_names(&names[..primary], &names[primary..])
    };
    let mut builder = match builder {
        Ok(builder) => builder,
        Err(error) => return common::check_error(&error, false),
    };
    let items = builder.item_count();
    while let Some(op) = next() {
        let before = builder.problem().clone();
        let result = match op % 4 {
            0 => {
                let (item, min, max) = (
                    next().unwrap_or(0),
                    next().unwrap_or(1),
                    next().unwrap_or(1),
                );
                builder.set_bounds(
                    usize::from(item % 8),
                    u32::from(min % 5),
                    u32::from(max % 5),
                )
            }
            1 => {
                let len = usize::from(next().unwrap_or(0) % 5);
                let option: Vec<usize> = (0..len)
                    .map(|_| usize::from(next().unwrap_or(0) % 9))
                    .collect();
                builder.add_option(&option).map(drop)
            }
            2 => {
                let len = usize::from(next().unwrap_or(0) % 5);
                let option: Vec<(usize, Option<&str>)> = (0..len)
                    .map(|_| {
                        let b = next().unwrap_or(0);
                        let color =
                            (b & 0x80 != 0).then(|| COLORS[usize::from(b >> 5) % COLORS.len()]);
                        (usize::from(b % 9), color)
                    })
                    .collect();
                builder.add_colored_option(&option).map(drop)
            }
            _ => {
                let len = usize::from(next().unwrap_or(0) % 5);
                let tokens: Vec<String> = (0..len)
                    .map(|_| {
                        let b = next().unwrap_or(0);
                        let name = match builder.problem().item_count() {
                            0 => "a".to_owned(),
                            n => builder.problem().item_name(usize::from(b) % n).into_owned(),
                        };
                        if b & 0x80 != 0 {
                            format!("{name}:{}", COLORS[usize::from(b >> 5) % COLORS.len()])
                        } else {
                            name
                        }
                    })
                    .collect();
                builder.add_named_option(&tokens).map(drop)
            }
        };
        if let Err(error) = result {
            common::check_error(&error, false);
            assert_eq!(builder.problem(), &before, "a refused call changes nothing");
        }
    }
    assert_eq!(builder.item_count(), items);
    let problem = builder.build();
    common::check_round_trip(&problem);
    common::check_search(&problem, None);
});
