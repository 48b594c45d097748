//! The command line's `--json` shapes as Python objects (dicts, lists, numbers, strings),
//! built here: the package reads the values the command line prints, without a JSON text
//! between.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

/// The JSON value of `shape` (what `--json` prints).
pub(crate) fn value<T: serde::Serialize>(shape: &T) -> Value {
    serde_json::to_value(shape).expect("every shape is plain data")
}

/// `v` as a Python object: objects as dicts (keys in the printed order), arrays as lists,
/// integers as ints, other numbers as floats, null as `None`.
pub(crate) fn to_py(py: Python<'_>, v: &Value) -> PyResult<PyObject> {
    Ok(match v {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_py(py),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_py(py),
            (None, Some(u)) => u.into_py(py),
            _ => n.as_f64().unwrap_or(f64::NAN).into_py(py),
        },
        Value::String(s) => s.into_py(py),
        Value::Array(items) => {
            let list = PyList::empty_bound(py);
            for x in items {
                list.append(to_py(py, x)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => {
            let dict = PyDict::new_bound(py);
            for (k, x) in map {
                dict.set_item(k, to_py(py, x)?)?;
            }
            dict.into_any().unbind()
        }
    })
}
