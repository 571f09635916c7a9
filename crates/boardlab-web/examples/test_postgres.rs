//! A PostgreSQL server for tests run outside `cargo test` (scripts/browser-tests-postgres.sh):
//! prints the URL of the server `BOARDLAB_TEST_POSTGRES` names, or of a throwaway cluster it
//! starts with `initdb` and `pg_ctl`, then holds the cluster until its standard input closes
//! (the cluster stops when this process ends).
//!
//!     cargo run --profile ci -p boardlab-web --example test_postgres

use std::io::{Read, Write};

fn main() {
    match boardlab_web::testing::postgres::server_url() {
        Ok(url) => {
            println!("{url}");
            let _ = std::io::stdout().flush();
            // Until whoever started it closes its standard input (or ends).
            let _ = std::io::stdin().read_to_end(&mut Vec::new());
        }
        Err(why) => {
            eprintln!("no PostgreSQL for the tests: {why}");
            std::process::exit(1);
        }
    }
}
