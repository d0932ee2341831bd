//! Alias windows and versions, checked at compile time: dates as Unix milliseconds,
//! `since` and `list_until` before `until`, and `until_version` against the crate's version.

use chrono::{DateTime, NaiveDate};
use mcp_toolname_rules::message;
use syn::LitStr;

use crate::diag::Errors;
use crate::parse::AliasAttr;

/// An alias ready to emit: dates as Unix milliseconds.
pub struct ResolvedAlias {
    pub name: LitStr,
    pub until: Option<i64>,
    pub list_until: Option<i64>,
    pub since: Option<i64>,
    pub hidden: bool,
    pub expired: Option<syn::Ident>,
    pub notice: Option<syn::Ident>,
    /// `notice_once` as written; `None`: the registry's `alias_notice_once`.
    pub notice_once: Option<bool>,
    /// The carried arguments as a JSON object literal.
    pub args: Option<String>,
}

pub fn dates(alias: &AliasAttr, errors: &mut Errors) -> ResolvedAlias {
    let until = alias
        .until
        .as_ref()
        .and_then(|lit| instant(lit, "until", errors));
    let since = alias
        .since
        .as_ref()
        .and_then(|lit| instant(lit, "since", errors));
    let list_until = alias
        .list_until
        .as_ref()
        .and_then(|lit| instant(lit, "list_until", errors));
    if let (Some(s), Some(u), Some(since_lit), Some(until_lit)) =
        (since, until, &alias.since, &alias.until)
        && s >= u
    {
        errors.push(
            since_lit.span(),
            message::since_not_before_until(&since_lit.value(), &until_lit.value()),
        );
    }
    if let (Some(l), Some(u), Some(list_lit), Some(until_lit)) =
        (list_until, until, &alias.list_until, &alias.until)
        && l >= u
    {
        errors.push(
            list_lit.span(),
            message::list_until_not_before_until(&list_lit.value(), &until_lit.value()),
        );
    }
    ResolvedAlias {
        name: alias.name.clone(),
        until,
        list_until,
        since,
        hidden: alias.hidden,
        expired: alias.expired.clone(),
        notice: alias.notice.clone(),
        notice_once: alias.notice_once,
        args: alias
            .args
            .as_ref()
            .map(|a| serde_json::Value::Object(a.clone()).to_string()),
    }
}

/// `YYYY-MM-DD` (midnight UTC) or an RFC 3339 timestamp, as Unix milliseconds.
pub fn instant(lit: &LitStr, arg: &str, errors: &mut Errors) -> Option<i64> {
    let text = lit.value();
    let parsed = if mcp_toolname_rules::is_plain_date(&text) {
        NaiveDate::parse_from_str(&text, "%Y-%m-%d")
            .ok()
            .and_then(|d| d.and_hms_opt(0, 0, 0))
            .map(|t| t.and_utc().timestamp_millis())
    } else {
        DateTime::parse_from_rfc3339(&text)
            .ok()
            .map(|t| t.timestamp_millis())
    };
    if parsed.is_none() {
        errors.push(lit.span(), message::bad_date(arg, &text));
    }
    parsed
}

pub fn until_version(
    lit: &LitStr,
    alias: &str,
    canonical: &str,
    crate_version: Option<&semver::Version>,
    errors: &mut Errors,
) {
    match semver::Version::parse(&lit.value()) {
        Err(_) => errors.push(lit.span(), message::bad_version(&lit.value())),
        Ok(due) => {
            if let Some(current) = crate_version
                && is_due(current, &due)
            {
                errors.push(
                    lit.span(),
                    message::alias_due(alias, canonical, &lit.value(), &current.to_string()),
                );
            }
        }
    }
}

/// Whether a crate at `current` has reached `due`, by semver precedence: pre-releases come
/// before their release (`2.0.0-rc.1` has not reached `2.0.0`), build metadata is ignored
/// (`2.0.0+build` has).
fn is_due(current: &semver::Version, due: &semver::Version) -> bool {
    current.cmp_precedence(due) != std::cmp::Ordering::Less
}

#[cfg(test)]
mod tests {
    use super::is_due;

    fn due(current: &str, until: &str) -> bool {
        is_due(
            &semver::Version::parse(current).unwrap(),
            &semver::Version::parse(until).unwrap(),
        )
    }

    #[test]
    fn an_alias_is_due_from_its_version_on_by_semver_precedence() {
        assert!(!due("1.9.9", "2.0.0"), "below: served");
        assert!(due("2.0.0", "2.0.0"), "reached: due");
        assert!(due("2.0.1", "2.0.0") && due("3.0.0", "2.0.0"), "past: due");
        assert!(
            !due("2.0.0-rc.1", "2.0.0"),
            "a pre-release of the due version is below it"
        );
        assert!(
            !due("2.0.0-alpha", "2.0.0-beta"),
            "pre-releases order by their identifiers"
        );
        assert!(due("2.0.0-rc.2", "2.0.0-rc.1"));
        assert!(
            due("2.0.0+build.5", "2.0.0") && due("2.0.0", "2.0.0+build.5"),
            "build metadata is ignored"
        );
        assert!(due("1.10.0", "1.9.0"), "numeric, not string, order");
    }
}
