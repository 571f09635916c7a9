//! The built-in rules files: the four seed games (and Sprint with backward captures),
//! compiled into the binary from `rules/` at the repository root. A file may extend one by
//! its name (`extends = "obsidian"`).

/// A built-in rules file.
#[derive(Clone, Copy, Debug)]
pub struct BuiltIn {
    /// The name `extends` uses (`obsidian`), which is also the game's id.
    pub name: &'static str,
    /// Its path in the repository, which errors name (`rules/obsidian.toml`).
    pub path: &'static str,
    /// Its text.
    pub text: &'static str,
}

/// Every built-in rules file.
pub const BUILT_INS: [BuiltIn; 5] = [
    BuiltIn {
        name: "obsidian",
        path: "rules/obsidian.toml",
        text: include_str!("../../../../rules/obsidian.toml"),
    },
    BuiltIn {
        name: "daisy",
        path: "rules/daisy.toml",
        text: include_str!("../../../../rules/daisy.toml"),
    },
    BuiltIn {
        name: "sprint",
        path: "rules/sprint.toml",
        text: include_str!("../../../../rules/sprint.toml"),
    },
    BuiltIn {
        name: "sprint-backward",
        path: "rules/sprint-backward.toml",
        text: include_str!("../../../../rules/sprint-backward.toml"),
    },
    BuiltIn {
        name: "parity",
        path: "rules/parity.toml",
        text: include_str!("../../../../rules/parity.toml"),
    },
];

/// The built-in file called `name`.
pub fn built_in(name: &str) -> Option<&'static BuiltIn> {
    BUILT_INS.iter().find(|b| b.name == name)
}

/// The built-in names, for messages: `obsidian, daisy, sprint, sprint-backward, parity`.
pub(crate) fn names() -> String {
    BUILT_INS.map(|b| b.name).join(", ")
}
