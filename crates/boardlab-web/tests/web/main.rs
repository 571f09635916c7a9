//! The integration tests of boardlab-web, one test program: each file here is a module
//! (run one with `cargo test -p boardlab-web --test web MODULE::`). One program
//! links once, where a program per file linked the crate and its dependencies again for
//! each.
//!
//! `tests/instances.rs` is a program of its own: its servers share PostgreSQL databases and
//! hold about a hundred connections for as long as the process lives (on SQLite too), which
//! together with the other tests that use PostgreSQL here passed the 100 connections a
//! PostgreSQL server allows by default. `scripts/web-tests-postgres.sh` runs each module
//! here in a process of its own, for the same reason.

mod actions;
mod api;
mod bot_seeks;
mod damaged;
mod decline;
mod echoes;
mod edge;
mod events;
mod idle;
mod in_game;
mod input_limits;
mod layering;
mod lazy_resume;
mod levels_renumbered;
mod people;
mod puzzles;
mod restart;
mod rules_files;
mod searches;
mod seats;
mod serve_process;
mod storage;
mod store_backends;
mod trusted_proxies;
