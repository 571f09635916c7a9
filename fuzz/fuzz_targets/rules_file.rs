//! Rules files (`boardlab_rules::file::read_str`): the input is the file's text (bytes that
//! are not UTF-8 replaced). Reading must never panic; a file that reads must read again
//! under every choice of its rule options, from its definition's source.
#![no_main]

use boardlab_fuzz::text_of;
use boardlab_rules::file::{read_str, with_options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = text_of(data);
    let Ok(definition) = read_str(&text, "fuzz.toml", None) else {
        return;
    };
    for mask in 0..1u32 << definition.options.len() {
        let choices: Vec<(&str, bool)> = definition
            .options
            .iter()
            .enumerate()
            .map(|(i, o)| (o.name.as_str(), mask & (1 << i) != 0))
            .collect();
        let again = with_options(&definition, &choices)
            .unwrap_or_else(|e| panic!("{text}\nreads, but not with {choices:?}: {e}"));
        assert_eq!(again.source, definition.source);
        assert_eq!(again.options, definition.options);
    }
});
