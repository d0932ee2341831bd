//! A JSON document written as it is made: its small fields are one `Value`, and
//! each long array is made one element at a time, redacted ([`redact::json`]) and written, so
//! the whole document is never in memory (a 10,000-tool audit holds one tool's `Value` at a
//! time); an object holding such an array is a `Doc` of its own, as a field or in a list. The
//! output is the bytes `serde_json` gives for the whole document, compact (keys in sorted
//! order, no white space between tokens, a final newline), hidden characters escaped
//! ([`super::json`]): a report of thousands of tools is read by programs, and indents made it
//! nearly twice as long.

use std::cell::RefCell;
use std::io::Write;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;

use crate::redact;

/// An array made on demand, element by element.
type Lazy<'a> = RefCell<Option<Box<dyn Iterator<Item = Value> + 'a>>>;

/// A field made while it is written.
enum Part<'a> {
    /// An array made on demand.
    Array(Lazy<'a>),
    /// An object of its own.
    Object(Doc<'a>),
    /// An array of objects of their own.
    Objects(Vec<Doc<'a>>),
}

/// A JSON object whose fields are `fields` and, beside them, arrays made on demand and
/// objects that hold such arrays.
pub struct Doc<'a> {
    fields: serde_json::Map<String, Value>,
    parts: Vec<(&'static str, Part<'a>)>,
}

impl<'a> Doc<'a> {
    /// The object `fields` (anything else is taken as an empty object).
    #[must_use]
    pub fn new(fields: Value) -> Self {
        let fields = match fields {
            Value::Object(map) => map,
            _ => serde_json::Map::new(),
        };
        Self {
            fields,
            parts: Vec::new(),
        }
    }

    /// Adds the field `key` with `value`, made now.
    #[must_use]
    pub fn field(mut self, key: &str, value: Value) -> Self {
        self.fields.insert(key.to_owned(), value);
        self
    }

    /// Leaves out the field `key`, made now.
    #[must_use]
    pub fn without(mut self, key: &str) -> Self {
        self.fields.remove(key);
        self
    }

    /// Adds the field `key`: an array of what `items` gives, made while it is written.
    #[must_use]
    pub fn array(mut self, key: &'static str, items: impl Iterator<Item = Value> + 'a) -> Self {
        self.parts
            .push((key, Part::Array(RefCell::new(Some(Box::new(items))))));
        self
    }

    /// Adds the field `key`: the object `doc`, written as it is made.
    #[must_use]
    pub fn object(mut self, key: &'static str, doc: Doc<'a>) -> Self {
        self.parts.push((key, Part::Object(doc)));
        self
    }

    /// Adds the field `key`: an array of the objects `docs`, each written as it is made.
    #[must_use]
    pub fn objects(mut self, key: &'static str, docs: Vec<Doc<'a>>) -> Self {
        self.parts.push((key, Part::Objects(docs)));
        self
    }

    /// Writes the document, compact, and a newline to `out`.
    pub fn write_to<W: Write>(&self, out: W) -> std::io::Result<()> {
        let mut ser = serde_json::Serializer::with_formatter(out, super::json::Escaping::compact());
        self.serialize(&mut ser).map_err(std::io::Error::from)?;
        let mut out = ser.into_inner();
        out.write_all(b"\n")?;
        out.flush()
    }

    /// The document as it reads back, for tests that look into it.
    #[cfg(test)]
    #[must_use]
    pub fn to_value(&self) -> Value {
        let mut out = Vec::new();
        self.write_to(&mut out).expect("writing to memory");
        serde_json::from_slice(&out).expect("a document reads back")
    }
}

/// Each element of a lazy array, redacted as it goes by.
struct Items<'r, 'a>(&'r Lazy<'a>);

impl Serialize for Items<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let items = self.0.borrow_mut().take().into_iter().flatten();
        serializer.collect_seq(items.map(|mut item| {
            redact::json(&mut item);
            item
        }))
    }
}

impl Serialize for Doc<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        enum Field<'r, 'a> {
            Plain(&'r Value),
            Made(&'r Part<'a>),
        }
        let mut all: Vec<(&str, Field<'_, '_>)> = self
            .fields
            .iter()
            .map(|(k, v)| (k.as_str(), Field::Plain(v)))
            .chain(self.parts.iter().map(|(k, p)| (*k, Field::Made(p))))
            .collect();
        all.sort_by(|a, b| a.0.cmp(b.0));
        let mut map = serializer.serialize_map(Some(all.len()))?;
        for (key, field) in all {
            match field {
                Field::Plain(value) => {
                    let mut value = value.clone();
                    redact::json(&mut value);
                    map.serialize_entry(key, &value)?;
                }
                Field::Made(Part::Array(items)) => map.serialize_entry(key, &Items(items))?,
                Field::Made(Part::Object(doc)) => map.serialize_entry(key, doc)?,
                Field::Made(Part::Objects(docs)) => map.serialize_entry(key, docs)?,
            }
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_same_bytes_as_the_whole_document_written_compact() {
        let tools = vec![
            json!({"name": "b", "fine": true}),
            json!({"name": "a", "x": [1, 2]}),
        ];
        let inner = || Doc::new(json!({"b": 1})).array("a", tools.clone().into_iter());
        let doc = Doc::new(json!({"zeta": {"k": null}, "alpha": "text", "tools_count": 2}))
            .array("tools", tools.clone().into_iter())
            .array("empty", std::iter::empty())
            .object("inner", inner())
            .objects("list", vec![inner(), Doc::new(json!({}))]);
        let mut out = Vec::new();
        doc.write_to(&mut out).unwrap();
        let whole = json!({
            "zeta": {"k": null}, "alpha": "text", "tools_count": 2, "tools": tools, "empty": [],
            "inner": {"b": 1, "a": tools}, "list": [{"b": 1, "a": tools}, {}],
        });
        assert_eq!(String::from_utf8(out).unwrap(), format!("{whole}\n"));
    }
}
