//! What the server says about input it refuses, through the core's own checks: a clock
//! past the server's limit names that limit, a rule name with a space is refused, and a
//! long text is repeated cut short, with its length.

use boardlab_web::client::Client;
use boardlab_web::testing::{start_background, test_database};
use serde_json::{Value, json};

/// The error message of a refused request.
fn refused(client: &mut Client, path: &str, body: &Value) -> String {
    let reply = client.post(path, &body.to_string()).unwrap();
    assert_eq!(reply.status, 400, "{}", reply.body);
    reply.json()["error"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn refused_input_is_described_by_the_limits_checked_and_cut_short() {
    let addr = start_background(test_database("input-limits"), 2);
    let mut client = Client::connect(addr).unwrap();
    let new = |body: Value| {
        let mut c = Client::connect(addr).unwrap();
        refused(&mut c, "/api/games", &body)
    };
    // The server's clocks go up to 3 hours, and the error says so.
    let error = new(json!({ "game": "sprint", "opponent": "friend", "clock": "181m+0" }));
    assert!(error.contains("from 1ms to 3 hours"), "{error}");
    let fine = client
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "friend", "clock": "180m+0" }).to_string(),
        )
        .unwrap();
    assert_eq!(fine.status, 201, "{}", fine.body);
    // Rule names are exact.
    let error = new(
        json!({ "game": "parity", "opponent": "friend", "rules": { "no_progress_plies ": 50 } }),
    );
    assert!(error.contains("spaces around its name or value"), "{error}");
    // A long position is repeated cut short, with its length.
    let long = "1".repeat(50_000);
    let error = new(json!({ "game": "sprint", "opponent": "friend", "position": long }));
    assert!(error.len() < 1000, "{} characters", error.len());
    assert!(error.contains("(50,000 characters)"), "{error}");
}
