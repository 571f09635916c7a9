//! The web server's JSON bodies: the input is a request body. As the body of
//! `POST /api/games` (`NewGame`): a request that `create::new_row` accepts must make a row
//! whose setup loads (`hub::setup_of`), and the session built from it must keep its move
//! lists consistent. As the body of a seat action (`SeatBody`: seat, token, move), its move
//! is checked and played in that session: `check` and `apply` must agree.
#![no_main]

use boardlab_web::api::SeatBody;
use boardlab_web::create::{NewGame, new_row};
use boardlab_web::{hub, session};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let seat_body = serde_json::from_slice::<SeatBody>(data).ok();
    let Ok(request) = serde_json::from_slice::<NewGame>(data) else {
        return;
    };
    let Ok((row, seat)) = new_row(request) else {
        return;
    };
    assert!(seat == 1 || seat == 2, "seat {seat}");
    let setup = hub::setup_of(&row)
        .unwrap_or_else(|e| panic!("a row made by new_row does not load: {e:?}\n{row:?}"));
    let Ok(mut live) = session::build(&setup, &[]) else {
        return;
    };
    let legal = live.legal_texts();
    if live.outcome().is_none() {
        assert!(!legal.is_empty(), "no move and no outcome: {row:?}");
    }
    for text in &legal {
        assert_eq!(live.check(text).as_deref(), Ok(text.as_str()), "{row:?}");
    }
    let Some(mv) = seat_body.and_then(|body| body.mv) else {
        return;
    };
    let checked = live.check(&mv);
    let ply = live.ply();
    let applied = live.apply(&mv);
    assert_eq!(checked.is_ok(), applied.is_ok(), "'{mv}' in {row:?}");
    if let Ok(text) = checked {
        assert!(
            legal.contains(&text),
            "'{mv}' checked as '{text}', not a legal move"
        );
        assert_eq!(live.ply(), ply + 1);
    }
});
