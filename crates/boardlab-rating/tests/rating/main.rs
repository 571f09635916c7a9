//! The integration tests of boardlab-rating, one test program: each file here is a module
//! (run one with `cargo test -p boardlab-rating --test rating MODULE::`). One program
//! links once, where a program per file linked the crate and its dependencies again for
//! each.

mod examples;
mod properties;
mod twin;
