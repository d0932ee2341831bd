//! One change between two surfaces ([`Change`]), its semver level ([`Level`]), and which
//! kind of item it is about ([`Items`]): the shapes the diff of names and the diff of
//! arguments both make.

use std::borrow::Cow;
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

/// What changed: the `kind` of a change in JSON ([`ChangeKind::word`], each variant's name in
/// snake case), and the semver level it asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    ToolAdded,
    PromptAdded,
    AliasAdded,
    TombstoneAdded,
    Removed,
    RemovedWithTombstone,
    RenamedWithAlias,
    BecameATool,
    AliasWindowEnded,
    AliasDroppedEarly,
    AliasWindowShortened,
    AliasHidden,
    AliasToTombstone,
    HiddenAliasNotSeen,
    TombstoneRemoved,
    OutputSchemaChanged,
    RequiredArgumentAdded,
    OptionalArgumentAdded,
    ArgumentNowRequired,
    ArgumentRemoved,
    ArgumentRenamed,
    ArgumentTypeChanged,
}

impl ChangeKind {
    /// The kind in one snake-case word, as JSON writes it and changes are ordered by.
    #[must_use]
    pub const fn word(self) -> &'static str {
        self.row().0
    }

    /// The semver level a change of this kind asks for.
    #[must_use]
    pub const fn level(self) -> Level {
        self.row().1
    }

    /// Its word and level: major when a client that worked may fail, minor when something
    /// is new, patch when no client can see it.
    const fn row(self) -> (&'static str, Level) {
        use Level::{Major, Minor, Patch};
        match self {
            Self::ToolAdded => ("tool_added", Minor),
            Self::PromptAdded => ("prompt_added", Minor),
            Self::AliasAdded => ("alias_added", Minor),
            Self::TombstoneAdded => ("tombstone_added", Patch),
            Self::Removed => ("removed", Major),
            Self::RemovedWithTombstone => ("removed_with_tombstone", Major),
            Self::RenamedWithAlias => ("renamed_with_alias", Minor),
            Self::BecameATool => ("became_a_tool", Minor),
            Self::AliasWindowEnded => ("alias_window_ended", Patch),
            Self::AliasDroppedEarly => ("alias_dropped_early", Major),
            Self::AliasWindowShortened => ("alias_window_shortened", Major),
            Self::AliasHidden => ("alias_hidden", Minor),
            Self::AliasToTombstone => ("alias_to_tombstone", Major),
            Self::HiddenAliasNotSeen => ("hidden_alias_not_seen", Patch),
            Self::TombstoneRemoved => ("tombstone_removed", Patch),
            Self::OutputSchemaChanged => ("output_schema_changed", Minor),
            Self::RequiredArgumentAdded => ("required_argument_added", Major),
            Self::OptionalArgumentAdded => ("optional_argument_added", Minor),
            Self::ArgumentNowRequired => ("argument_now_required", Major),
            Self::ArgumentRemoved => ("argument_removed", Major),
            Self::ArgumentRenamed => ("argument_renamed", Major),
            Self::ArgumentTypeChanged => ("argument_type_changed", Major),
        }
    }
}

impl Serialize for ChangeKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.word())
    }
}

/// One change. Its JSON is `{item, name, kind, level, breaking, message}`: field names are
/// stable. A snapshot within its limit makes millions of changes, so one holds little: its
/// name shared with every change of the name, and its words made when they are written.
#[derive(Debug, Clone)]
pub struct Change {
    /// The name it is about as a report carries it ([`message::short`]), then, when that is
    /// cut, as a message says it ([`message::show`]): one string for every change of the name.
    name: Arc<str>,
    /// Where the name as a report carries it ends in `name`.
    cut: u32,
    /// Whether the name is of a prompt (else of a tool).
    prompt: bool,
    /// What changed, and what [`Change::message`] says.
    words: Words,
}

/// What changed, and what a change's message says beyond its name: the sentence is made each
/// time it is written, not held.
#[derive(Debug, Clone)]
pub enum Words {
    /// A change a name has at most once: its kind and its whole sentence, made when found.
    Said(Box<(ChangeKind, Box<str>)>),
    /// The item is new.
    Added,
    /// The item is gone, and nothing new looks like its new name.
    Removed,
    /// A required argument is new: its name.
    RequiredAdded(Box<str>),
    /// An optional argument is new: its name.
    OptionalAdded(Box<str>),
    /// An optional argument is required: its name.
    NowRequired(Box<str>),
    /// An argument is gone: its name.
    ArgumentRemoved(Box<str>),
    /// An argument was renamed: its old name and its new one.
    ArgumentRenamed(Box<[Box<str>; 2]>),
    /// An argument's types changed: its name, the types it had and those it has, as said.
    Retyped(Box<[Box<str>; 3]>),
}

impl Words {
    /// The change of `kind` said in `text`.
    #[must_use]
    pub fn said(kind: ChangeKind, text: String) -> Self {
        Self::Said(Box::new((kind, text.into_boxed_str())))
    }
}

impl Change {
    /// What the name is of: `tool` or `prompt`.
    #[must_use]
    pub const fn item(&self) -> &'static str {
        if self.prompt { "prompt" } else { "tool" }
    }

    /// The name it is about, as a report carries it ([`message::short`]): whole up to 256
    /// characters, else cut with its length and digest.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name[..self.cut as usize]
    }

    /// What changed.
    #[must_use]
    pub fn kind(&self) -> ChangeKind {
        match &self.words {
            Words::Said(said) => said.0,
            Words::Added if self.prompt => ChangeKind::PromptAdded,
            Words::Added => ChangeKind::ToolAdded,
            Words::Removed => ChangeKind::Removed,
            Words::RequiredAdded(_) => ChangeKind::RequiredArgumentAdded,
            Words::OptionalAdded(_) => ChangeKind::OptionalArgumentAdded,
            Words::NowRequired(_) => ChangeKind::ArgumentNowRequired,
            Words::ArgumentRemoved(_) => ChangeKind::ArgumentRemoved,
            Words::ArgumentRenamed(_) => ChangeKind::ArgumentRenamed,
            Words::Retyped(_) => ChangeKind::ArgumentTypeChanged,
        }
    }

    /// Its semver level.
    #[must_use]
    pub fn level(&self) -> Level {
        self.kind().level()
    }

    /// Whether it breaks a client ([`Level::Major`]).
    #[must_use]
    pub fn breaking(&self) -> bool {
        self.level() == Level::Major
    }

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
        let (word, words) = (self.0.item(), &self.0.words);
        let name = match &self.0.name[self.0.cut as usize..] {
            "" => Cow::Owned(message::show(&self.0.name)),
            shown => Cow::Borrowed(shown),
        };
        match words {
            Words::Said(said) => f.write_str(&said.1),
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
        out.serialize_field("item", self.item())?;
        out.serialize_field("name", self.name())?;
        out.serialize_field("kind", &self.kind())?;
        out.serialize_field("level", &self.level())?;
        out.serialize_field("breaking", &self.breaking())?;
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
    /// A change of `kind` about the name `name` of this kind of item, said in `message`.
    pub fn change(&self, name: &str, kind: ChangeKind, message: String) -> Change {
        self.change_of(&Named::new(name), Words::said(kind, message))
    }

    /// A change about a name already [`Named`]: what `words` say.
    pub fn change_of(&self, name: &Named, words: Words) -> Change {
        Change {
            name: Arc::clone(&name.0),
            cut: name.1,
            prompt: self.word == "prompt",
            words,
        }
    }
}

/// A name as every change of it holds it ([`Change`]'s `name` and `cut`), made once.
pub(super) struct Named(Arc<str>, u32);

impl Named {
    /// `name`, cut and shown.
    pub fn new(name: &str) -> Self {
        match message::short(name) {
            Cow::Borrowed(whole) => Self(Arc::from(whole), len(whole)),
            Cow::Owned(short) => Self(
                Arc::from([short.as_str(), &message::show(name)].concat()),
                len(&short),
            ),
        }
    }
}

/// The bytes of a name as a report carries it: at most 256 characters, or a cut one.
fn len(short: &str) -> u32 {
    u32::try_from(short.len()).unwrap_or(u32::MAX)
}
