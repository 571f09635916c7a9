//! Accounts: what a name and a password may be, how a password is kept (an argon2id hash,
//! never the password), and the session secrets a signed-in browser holds in a cookie (the
//! store keeps only their SHA-256).

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use sha2::{Digest, Sha256};

/// The name of the session cookie.
pub const SESSION_COOKIE: &str = "boardlab_session";

/// How long a session lasts without being used: 30 days.
pub const SESSION_IDLE_DAYS: i64 = 30;

/// The shortest and longest account name.
pub const NAME_LENGTH: std::ops::RangeInclusive<usize> = 3..=20;

/// The shortest and longest password, in characters. The longest bounds the hashing work a
/// request can ask for.
pub const PASSWORD_LENGTH: std::ops::RangeInclusive<usize> = 8..=128;

/// Names nobody may take: they would read as the site or a bot speaking.
const RESERVED: [&str; 8] = [
    "admin",
    "anonymous",
    "boardlab",
    "bot",
    "moderator",
    "root",
    "server",
    "system",
];

/// Why a name or a password is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccountError {
    /// The name does not have the shape of a name.
    #[error(
        "the name {0} is not allowed: use 3 to 20 letters (a-z, A-Z), digits, '-' or '_', starting with a letter"
    )]
    BadName(String),
    /// The name is one the site keeps.
    #[error("the name {0} is reserved; choose another")]
    Reserved(String),
    /// The password is too short or too long.
    #[error("the password must have 8 to 128 characters (it has {0})")]
    BadPassword(usize),
}

/// An account's name as the player chose it, and its key: the name in lower case, unique
/// (two names that differ only in case are the same account).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountName {
    /// The name as chosen, shown everywhere.
    pub name: String,
    /// The name in lower case: how the store finds the account.
    pub key: String,
}

impl AccountName {
    /// Checks a name: 3 to 20 ASCII letters, digits, `-` or `_`, starting with a letter,
    /// and not reserved.
    pub fn parse(name: &str) -> Result<AccountName, AccountError> {
        let shown = boardlab_core::quoted(name).to_string();
        let fits = NAME_LENGTH.contains(&name.len())
            && name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !fits {
            return Err(AccountError::BadName(shown));
        }
        let key = name.to_ascii_lowercase();
        if RESERVED.contains(&key.as_str()) {
            return Err(AccountError::Reserved(shown));
        }
        Ok(AccountName {
            name: name.to_string(),
            key,
        })
    }

    /// Whether `text` has the shape of a name (as stored: not checked against the reserved
    /// names, which may change).
    pub fn is_shaped(text: &str) -> bool {
        NAME_LENGTH.contains(&text.len())
            && text.starts_with(|c: char| c.is_ascii_alphabetic())
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    }
}

/// Checks a new password's length (in characters).
pub fn check_password(password: &str) -> Result<(), AccountError> {
    let length = password.chars().count();
    if PASSWORD_LENGTH.contains(&length) {
        Ok(())
    } else {
        Err(AccountError::BadPassword(length))
    }
}

/// The argon2id hash of a password, in the PHC string form (`$argon2id$v=19$m=…`), with a
/// fresh random salt and the argon2 crate's default costs (19 MiB, 2 passes, 1 lane: OWASP's
/// recommended minimum). Slow on purpose (tens of milliseconds): call it off the async
/// threads.
pub fn hash_password(password: &str) -> Result<String, String> {
    let salt = SaltString::encode_b64(&rand::random::<[u8; 16]>())
        .map_err(|e| format!("the password could not be salted: {e}"))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|e| format!("the password could not be hashed: {e}"))
}

/// Whether `password` is the one `hash` was made from. A stored hash that does not read is
/// no match.
pub fn password_matches(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// A hash to check wrong names against, so that a sign-in with an unknown name takes as long
/// as one with a wrong password (the time does not tell which names exist).
pub fn decoy_hash() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash_password("decoy password, matching nothing").unwrap_or_default())
}

/// A new session secret: 256 random bits as 64 hex digits.
pub fn new_session_secret() -> String {
    let bytes: [u8; 32] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the store keeps of a session secret: its SHA-256, as hex.
pub fn session_hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_letters_digits_dashes_and_underscores_from_a_letter() {
        let name = AccountName::parse("Ada_Lovelace-2").unwrap();
        assert_eq!(name.name, "Ada_Lovelace-2");
        assert_eq!(name.key, "ada_lovelace-2");
        for bad in [
            "",
            "ab",
            "a23456789012345678901",
            "2ada",
            "_ada",
            "ada lovelace",
            "adä",
            "ada<script>",
            "ada\n",
        ] {
            let error = AccountName::parse(bad).unwrap_err();
            assert!(matches!(error, AccountError::BadName(_)), "{bad:?}");
            assert!(error.to_string().contains("3 to 20"), "{error}");
        }
        assert!(matches!(
            AccountName::parse("Admin"),
            Err(AccountError::Reserved(_))
        ));
    }

    #[test]
    fn passwords_have_8_to_128_characters() {
        assert!(check_password("12345678").is_ok());
        assert!(check_password(&"ü".repeat(128)).is_ok());
        assert_eq!(check_password("1234567"), Err(AccountError::BadPassword(7)));
        assert_eq!(
            check_password(&"x".repeat(129)),
            Err(AccountError::BadPassword(129))
        );
    }

    #[test]
    fn a_hash_is_argon2id_salted_and_matches_only_its_password() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$v=19$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert_ne!(hash, hash_password("correct horse").unwrap(), "salted");
        assert!(password_matches("correct horse", &hash));
        assert!(!password_matches("correct horsf", &hash));
        assert!(!password_matches("correct horse", "not a hash"));
        assert!(!password_matches("", decoy_hash()));
    }

    #[test]
    fn session_secrets_are_fresh_and_kept_only_as_digests() {
        let secret = new_session_secret();
        assert_eq!(secret.len(), 64);
        assert_ne!(secret, new_session_secret());
        let hash = session_hash(&secret);
        assert_eq!(hash.len(), 64);
        assert_ne!(hash, secret);
        assert_eq!(hash, session_hash(&secret));
    }
}
