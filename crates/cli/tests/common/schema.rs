//! A JSON Schema (2020-12) checker for the CLI's schemas: it knows the
//! keywords the files use (`type`, `properties`, `required`,
//! `additionalProperties`, `items`, `minItems`, `maxItems`, `enum`,
//! `const`, `oneOf`, `$ref`, `minimum`, `maximum`) and refuses any other, so
//! that a file cannot say more than is checked.

use serde_json::{json, Value};

/// Why `value` does not match `schema`, or `None` when it does.
pub fn check(root: &Value, schema: &Value, value: &Value, at: &str) -> Option<String> {
    let Value::Object(schema) = schema else {
        panic!("{at}: a schema is an object");
    };
    for (keyword, rule) in schema {
        let fail = |why: String| Some(format!("{at}: {why}"));
        match keyword.as_str() {
            "$schema" | "$id" | "$defs" | "title" | "description" => {}
            "$ref" => {
                let name = rule
                    .as_str()
                    .and_then(|r| r.strip_prefix("#/$defs/"))
                    .expect("a local $ref");
                if let Some(why) = check(root, &root["$defs"][name], value, at) {
                    return Some(why);
                }
            }
            "type" => {
                let types: Vec<&str> = match rule {
                    Value::String(t) => vec![t],
                    Value::Array(ts) => ts.iter().map(|t| t.as_str().unwrap()).collect(),
                    _ => panic!("{at}: type"),
                };
                let is = |t: &str| match t {
                    "null" => value.is_null(),
                    "boolean" => value.is_boolean(),
                    "integer" => value.is_u64() || value.is_i64(),
                    "number" => value.is_number(),
                    "string" => value.is_string(),
                    "array" => value.is_array(),
                    "object" => value.is_object(),
                    other => panic!("{at}: type {other}"),
                };
                if !types.iter().any(|t| is(t)) {
                    return fail(format!("{value} is not of type {rule}"));
                }
            }
            "properties" => {
                if let Value::Object(object) = value {
                    for (key, sub) in rule.as_object().unwrap() {
                        if let Some(v) = object.get(key) {
                            if let Some(why) = check(root, sub, v, &format!("{at}.{key}")) {
                                return Some(why);
                            }
                        }
                    }
                }
            }
            "required" => {
                if let Value::Object(object) = value {
                    for key in rule.as_array().unwrap() {
                        if !object.contains_key(key.as_str().unwrap()) {
                            return fail(format!("{key} is missing"));
                        }
                    }
                }
            }
            "additionalProperties" => {
                assert_eq!(rule, &json!(false), "{at}: only additionalProperties: false is checked");
                if let Value::Object(object) = value {
                    let known = schema["properties"].as_object().unwrap();
                    if let Some(key) = object.keys().find(|k| !known.contains_key(*k)) {
                        return fail(format!("{key} is not in the schema"));
                    }
                }
            }
            "items" => {
                if let Value::Array(items) = value {
                    for (i, item) in items.iter().enumerate() {
                        if let Some(why) = check(root, rule, item, &format!("{at}[{i}]")) {
                            return Some(why);
                        }
                    }
                }
            }
            "minItems" | "maxItems" => {
                if let Value::Array(items) = value {
                    let n = rule.as_u64().unwrap() as usize;
                    if (keyword == "minItems" && items.len() < n) || (keyword == "maxItems" && items.len() > n) {
                        return fail(format!("{} items, {keyword} {n}", items.len()));
                    }
                }
            }
            "minimum" | "maximum" => {
                if let Some(n) = value.as_i64() {
                    let bound = rule.as_i64().unwrap();
                    if (keyword == "minimum" && n < bound) || (keyword == "maximum" && n > bound) {
                        return fail(format!("{n} is past the {keyword} {bound}"));
                    }
                }
            }
            "enum" => {
                if !rule.as_array().unwrap().contains(value) {
                    return fail(format!("{value} is not one of {rule}"));
                }
            }
            "const" => {
                if rule != value {
                    return fail(format!("{value} is not {rule}"));
                }
            }
            "oneOf" => {
                let matching = rule
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|sub| check(root, sub, value, at).is_none())
                    .count();
                if matching != 1 {
                    return fail(format!("{value} matches {matching} of oneOf, not 1"));
                }
            }
            other => panic!("{at}: keyword {other} is not checked"),
        }
    }
    None
}
