//! One change between two surfaces ([`Change`]), its semver level ([`Level`]), and which
//! kind of item it is about ([`Items`]): the shapes the diff of names and the diff of
//! arguments both make.

use std::sync::Arc;

use mcp_toolname_rules::message::{self, show};
use serde::Serialize;

use super::entry::Entry;

/// The semver level a change asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Nothing a client can see.
    Patch,
    /// Something new (a tool, an optional argument): old clients keep working.
    Minor,
    /// A client that worked may fail: breaking.
    Major,
}

impl Level {
    /// The word printed.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Patch => "patch",
            Self::Minor => "minor",
            Self::Major => "major",
        }
    }
}

/// One change. Its JSON is `{item, name, kind, level, breaking, message}`: field names are
/// stable.
#[derive(Debug, Clone)]
pub struct Change {
    /// What the name is of: `tool` or `prompt`.
    pub item: &'static str,
    /// The name it is about, as a report carries it ([`message::short`]): whole up to 256
    /// characters, else cut with its length and digest, and held once for all the changes of
    /// one name: a name may have a change per argument, and a snapshot millions of them.
    pub name: Arc<str>,
    /// The name as a message says it ([`message::show`]), held once as `name` is.
    shown: Arc<str>,
    /// What changed, in one snake-case word (`removed`, `alias_dropped_early`,
    /// `renamed_with_alias`, `required_argument_added`, ...).
    pub kind: &'static str,
    /// Its semver level.
    pub level: Level,
    /// Whether it breaks a client ([`Level::Major`]).
    pub breaking: bool,
    /// What [`Change::message`] says.
    words: Words,
}

/// What a change's message says beyond its name and kind: the sentence is made each time it
/// is written, not held, since a snapshot within its limit makes millions of changes.
#[derive(Debug, Clone)]
pub enum Words {
    /// The whole sentence, made when the change was found (a change a name has at most once).
    Said(Box<str>),
    /// The item is new.
    Added,
    /// The item is gone, and nothing new looks like its new name.
    Removed,
    /// A required argument is new: its name.
    RequiredAdded(Box<str>),
    /// An optional argument is new: its name.
    OptionalAdded(Box<str>),
    /// An optional argument is now required: its name.
    NowRequired(Box<str>),
    /// An argument is gone: its name.
    ArgumentRemoved(Box<str>),
    /// An argument was renamed: its old name and its new one.
    ArgumentRenamed(Box<[Box<str>; 2]>),
    /// An argument's types changed: its name, the types it had and those it has, as said.
    Retyped(Box<[Box<str>; 3]>),
}

impl Change {
    /// The change in words, with what to do where it breaks; made as it is written.
    #[must_use]
    pub fn message(&self) -> Message<'_> {
        Message(self)
    }
}

/// A [`Change`]'s message, written by its `Display`.
pub struct Message<'a>(&'a Change);

impl std::fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Change {
            item: word,
            shown: name,
            words,
            ..
        } = self.0;
        match words {
            Words::Said(text) => f.write_str(text),
            Words::Added => write!(f, "{word} {name} is new"),
            Words::Removed => write!(
                f,
                "{word} {name} is gone and nothing answers its name: a client that calls it \
                 fails; keep it, or keep its name as an alias of the {word} that replaces it"
            ),
            Words::RequiredAdded(arg) => write!(
                f,
                "{name} now requires the argument {}: a client calling it as before is \
                 refused; make it optional (with a default), or add a new {word}",
                show(arg)
            ),
            Words::OptionalAdded(arg) => {
                write!(f, "{name} takes a new optional argument {}", show(arg))
            }
            Words::NowRequired(arg) => write!(
                f,
                "the argument {} of {name} is now required: a client that left it out is \
                 refused",
                show(arg)
            ),
            Words::ArgumentRemoved(arg) => write!(
                f,
                "{name} no longer takes the argument {}: a client that sends it may be \
                 refused, and its value is no longer used",
                show(arg)
            ),
            Words::ArgumentRenamed(names) => {
                let [old, to] = &**names;
                write!(
                    f,
                    "the argument {} of {name} was renamed to {}: a client that sends the old \
                     name is refused or its value is lost; accept both names (keep {} in the \
                     schema) for a window",
                    show(old),
                    show(to),
                    show(old)
                )
            }
            Words::Retyped(parts) => {
                let [arg, was, now] = &**parts;
                write!(
                    f,
                    "the argument {} of {name} was {was} and is now {now}: a client sending the \
                     old type is refused",
                    show(arg)
                )
            }
        }
    }
}

impl Serialize for Change {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = serializer.serialize_struct("Change", 6)?;
        out.serialize_field("item", self.item)?;
        out.serialize_field("name", &*self.name)?;
        out.serialize_field("kind", self.kind)?;
        out.serialize_field("level", &self.level)?;
        out.serialize_field("breaking", &self.breaking)?;
        out.serialize_field("message", &self.message().to_string())?;
        out.end()
    }
}

/// One side of the comparison: the tools, or the prompts, of both surfaces.
#[derive(Clone, Copy)]
pub(super) struct Items<'a> {
    /// `tool` or `prompt`.
    pub word: &'static str,
    /// The old surface's entries of that kind.
    pub old: &'a [Entry],
    /// The new surface's.
    pub new: &'a [Entry],
    /// Whether the new surface shows hidden aliases and tombstones.
    pub hidden_seen: bool,
}

impl Items<'_> {
    /// A change about the name `name` of this kind of item, said in `message`.
    pub fn change(&self, name: &str, kind: &'static str, level: Level, message: String) -> Change {
        self.change_of(
            &Named::new(name),
            kind,
            level,
            Words::Said(message.into_boxed_str()),
        )
    }

    /// A change about a name already [`Named`], said in `words`.
    pub fn change_of(
        &self,
        name: &Named,
        kind: &'static str,
        level: Level,
        words: Words,
    ) -> Change {
        Change {
            item: self.word,
            name: Arc::clone(&name.short),
            shown: Arc::clone(&name.shown),
            kind,
            level,
            breaking: level == Level::Major,
            words,
        }
    }
}

/// A name as every change of it holds it, once: as a report carries it ([`message::short`])
/// and as a message says it ([`message::show`]).
pub(super) struct Named {
    short: Arc<str>,
    shown: Arc<str>,
}

impl Named {
    /// `name`, cut and shown.
    pub fn new(name: &str) -> Self {
        Self {
            short: Arc::from(message::short(name)),
            shown: Arc::from(message::show(name)),
        }
    }
}
