//! A JSON document written as it is made: its small fields are one `Value`, and
//! each long array is made one element at a time, redacted ([`redact::json`]) and written, so
//! the whole document is never in memory (a 10,000-tool audit holds one tool's `Value` at a
//! time). The output is the bytes `serde_json` gives for the whole document, compact (keys in
//! sorted order, no white space between tokens, a final newline), hidden characters escaped
//! ([`super::json`]): a report of thousands of tools is read by programs, and indents made
//! it nearly twice as long.

use std::cell::RefCell;
use std::io::Write;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;

use crate::redact;

/// An array made on demand, element by element.
type Lazy<'a> = RefCell<Option<Box<dyn Iterator<Item = Value> + 'a>>>;

/// A JSON object whose fields are `fields` and, beside them, arrays made on demand.
pub struct Doc<'a> {
    fields: serde_json::Map<String, Value>,
    arrays: Vec<(&'static str, Lazy<'a>)>,
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
            arrays: Vec::new(),
        }
    }

    /// Adds the field `key` with `value`, made now.
    #[must_use]
    pub fn field(mut self, key: &str, value: Value) -> Self {
        self.fields.insert(key.to_owned(), value);
        self
    }

    /// Adds the field `key`: an array of what `items` gives, made while it is written.
    #[must_use]
    pub fn array(mut self, key: &'static str, items: impl Iterator<Item = Value> + 'a) -> Self {
        self.arrays.push((key, RefCell::new(Some(Box::new(items)))));
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
            Array(&'r Lazy<'a>),
        }
        let mut all: Vec<(&str, Field<'_, '_>)> = self
            .fields
            .iter()
            .map(|(k, v)| (k.as_str(), Field::Plain(v)))
            .chain(self.arrays.iter().map(|(k, a)| (*k, Field::Array(a))))
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
                Field::Array(items) => map.serialize_entry(key, &Items(items))?,
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
        let doc = Doc::new(json!({"zeta": {"k": null}, "alpha": "text", "tools_count": 2}))
            .array("tools", tools.clone().into_iter())
            .array("empty", std::iter::empty());
        let mut out = Vec::new();
        doc.write_to(&mut out).unwrap();
        let whole = json!({
            "zeta": {"k": null}, "alpha": "text", "tools_count": 2, "tools": tools, "empty": [],
        });
        assert_eq!(String::from_utf8(out).unwrap(), format!("{whole}\n"));
    }
}
