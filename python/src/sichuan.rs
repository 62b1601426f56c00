//! Sichuan scoring and settlement for `Engine(rules="sichuan")`: the
//! keywords become the flags of `hupai score --rules sichuan` (`self_drawn`
//! → `self-drawn`), read one by one by the core's `Settings::apply`; the
//! answers become `SichuanScore`, `Settlement` and `Payment`, their JSON the
//! core's own.

use crate::errors::hand_error;
use hupai::sichuan::options::{SWITCH_FLAGS, VALUE_FLAGS};
use hupai::sichuan::situation::{flag_names, SITUATION_SWITCHES};
use hupai::sichuan::{OptionError, Round, ScoringInput, Settings};
use hupai::{Engine, Hand, Tables};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};
use std::collections::BTreeMap;

/// A flag's keyword spelling: `self-drawn` → `self_drawn`.
fn keyword(flag: &str) -> String {
    flag.replace('-', "_")
}

/// The keywords of some flags, for error messages.
fn keywords<'a>(flags: impl Iterator<Item = &'a str>) -> String {
    flags.map(keyword).collect::<Vec<_>>().join(", ")
}

/// One keyword as a flag name and value: True switches on (no value), None
/// is the value "none" (`cap=None`), anything else its `str()`. None when
/// the keyword is a situation switch given False (the default).
fn flag(fun: &str, key: &str, v: &Bound<'_, PyAny>) -> PyResult<Option<(String, Option<String>)>> {
    let name = key.replace('_', "-");
    if v.is_instance_of::<PyBool>() {
        if v.extract::<bool>()? {
            return Ok(Some((name, None)));
        }
        if SITUATION_SWITCHES.iter().any(|s| s.0 == name) {
            return Ok(None);
        }
        if SWITCH_FLAGS.iter().any(|s| s.0 == name) {
            return Err(hand_error(format!(
                "{fun}(): {key}=False: a rule option switch can only be switched on \
                 ({key}=True); choose a profile that leaves it off"
            )));
        }
        // A value flag given False: the core says what it takes.
        return Ok(Some((name, Some("false".into()))));
    }
    let value = if v.is_none() {
        "none".to_string()
    } else {
        v.str()?.to_string()
    };
    Ok(Some((name, Some(value))))
}

/// A core option error as a `HandError` naming the keyword.
fn option_error(fun: &str, key: &str, e: OptionError, valid: &str) -> PyErr {
    hand_error(match e {
        OptionError::Unknown(_) => {
            format!("{fun}() got an unknown keyword '{key}' (expected {valid})")
        }
        OptionError::MissingValue(_) => format!("{fun}(): {key}= needs a value"),
        OptionError::BadValue {
            value, expected, ..
        } => format!("{fun}(): {key}={value}: expected {expected}"),
        other => format!("{fun}(): {other}"),
    })
}

/// Apply `pairs` (keyword, flag) to `settings`, `profile` first wherever it
/// stands, as `Settings::apply_words` does on the command line.
fn apply(
    fun: &str,
    settings: &mut Settings,
    mut pairs: Vec<(String, String, Option<String>)>,
    valid: &str,
) -> PyResult<()> {
    pairs.sort_by_key(|p| p.1 != "profile");
    for (key, name, value) in &pairs {
        settings
            .apply(name, value.as_deref())
            .map_err(|e| option_error(fun, key, e, valid))?;
    }
    Ok(())
}

/// The settings of `score()`'s keywords: every flag of `hupai score --rules
/// sichuan`.
pub fn score_settings(kw: Option<&Bound<'_, PyDict>>) -> PyResult<Settings> {
    let mut s = Settings::default();
    let Some(kw) = kw else { return Ok(s) };
    let mut pairs = Vec::new();
    for (k, v) in kw.iter() {
        let key: String = k.extract()?;
        if let Some((name, value)) = flag("score", &key, &v)? {
            pairs.push((key, name, value));
        }
    }
    apply("score", &mut s, pairs, &keywords(flag_names()))?;
    Ok(s)
}

/// The rule options of `settle()`: `profile`, then the option keywords (the
/// flags of `hupai settle --rules sichuan`); situation keywords belong to
/// the round's events and are refused.
pub fn settle_options(
    profile: &str,
    kw: Option<&Bound<'_, PyDict>>,
) -> PyResult<hupai::sichuan::Options> {
    let options = VALUE_FLAGS
        .iter()
        .map(|f| f.0)
        .chain(SWITCH_FLAGS.iter().map(|f| f.0));
    let valid = keywords(options.clone());
    let mut pairs = vec![(
        "profile".to_string(),
        "profile".to_string(),
        Some(profile.to_string()),
    )];
    if let Some(kw) = kw {
        for (k, v) in kw.iter() {
            let key: String = k.extract()?;
            let name = key.replace('_', "-");
            if !options.clone().any(|o| o == name) {
                let why = if flag_names().any(|f| f == name) {
                    "a situation of one win, given by the round's events"
                } else {
                    "no Sichuan option"
                };
                return Err(hand_error(format!(
                    "settle() got an unexpected keyword '{key}' ({why}; the rule options are {valid})"
                )));
            }
            if let Some((name, value)) = flag("settle", &key, &v)? {
                pairs.push((key, name, value));
            }
        }
    }
    let mut s = Settings::default();
    apply("settle", &mut s, pairs, &valid)?;
    Ok(s.options)
}

/// Score a hand under `settings`.
pub fn score<B: AsRef<[u8]>>(
    hand: Hand,
    settings: Settings,
    engine: &Engine<&Tables<B>>,
) -> PyResult<PySichuanScore> {
    let input = ScoringInput::from_hand(hand, settings).map_err(|e| hand_error(e.to_string()))?;
    let s = engine.sichuan_score(&input);
    Ok(PySichuanScore {
        hand: hupai::notation::format_mpsz_with_last(input.hand()),
        win_tile: input.win_tile().map(|t| t.to_string()),
        legal: s.legal,
        reason: s.reason.map(|r| r.to_string()),
        fans: s
            .fans
            .as_slice()
            .iter()
            .map(|f| (f.fan.name(), f.fan.chinese(), f.worth, f.count))
            .collect(),
        labels: s.labels.iter().map(|l| l.chinese()).collect(),
        fan: s.fan,
        cap: s.cap,
        value: s.value,
        payments: [
            ("payers", u32::from(s.payments.payers)),
            ("each", s.payments.each),
            ("total", s.payments.total),
        ]
        .into(),
        arrangement: s.arrangement.map(|a| a.to_string()),
        json: s.to_json(&input).to_string(),
    })
}

/// The text of a round argument: a str as it is, anything else through
/// Python's `json.dumps`.
pub fn round_text(round: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = round.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    let dumps = round.py().import("json")?.getattr("dumps")?;
    dumps.call1((round,))?.extract()
}

/// Settle a round under `options`.
pub fn settle<B: AsRef<[u8]>>(
    py: Python<'_>,
    text: &str,
    options: &hupai::sichuan::Options,
    engine: &Engine<&Tables<B>>,
) -> PyResult<PySettlement> {
    let round = Round::from_json(text).map_err(|e| hand_error(e.to_string()))?;
    let s = engine
        .settle(&round, options)
        .map_err(|e| hand_error(e.to_string()))?;
    let json = s.to_json();
    let payments = s
        .payments
        .iter()
        .zip(json["payments"].as_array().into_iter().flatten())
        .map(|(p, j)| {
            Py::new(
                py,
                PyPayment {
                    payer: p.from,
                    payee: p.to,
                    amount: p.amount,
                    why: j["why"].as_str().unwrap_or_default().to_string(),
                },
            )
        })
        .collect::<PyResult<_>>()?;
    Ok(PySettlement {
        net: s.net.to_vec(),
        payments,
        json: json.to_string(),
    })
}

/// The score of a Sichuan hand, as `hupai score --rules sichuan --json`
/// writes it: the `hand` (mpsz, the winning tile last), the `win_tile`
/// (mpsz, None for a hand given as counts), `legal` and the `reason` when
/// not (None when legal), the `fans` as (name, chinese, fan, count), the
/// `labels` (traditional names of the sum, in Chinese), `fan` (before the
/// cap), the `cap` (None: no cap), the `value` (2^min(fan, cap) base), the
/// `payments` ("payers", "each", "total"), the `arrangement` scored, and
/// `json` (also `to_json()`), the command line's JSON line.
///
/// >>> s = hupai.Engine(rules="sichuan").score("[2222m][555m2]888m333m99m", self_drawn=True)
/// >>> s.fan, s.labels, s.value, s.payments["each"], s.payments["total"]
/// (4, ['清对'], 8, 9, 27)
/// >>> [f[0] for f in s.fans]
/// ['All Pungs', 'Full Flush', 'Root']
/// >>> hupai.Engine(rules="sichuan").score("123m456p789s11m22m").reason
/// 'three suits (花猪): a win holds at most two'
#[pyclass(module = "hupai", name = "SichuanScore", frozen, get_all)]
pub struct PySichuanScore {
    /// The hand in mpsz, the winning tile last.
    pub hand: String,
    /// The winning tile in mpsz (None: the hand has no last tile).
    pub win_tile: Option<String>,
    /// Whether the hand is a win.
    pub legal: bool,
    /// Why it is not a win (None when it is).
    pub reason: Option<String>,
    /// (name, chinese, fan, count) of each fan of the best reading.
    pub fans: Vec<(&'static str, &'static str, u8, u8)>,
    /// Traditional names of the sum, in Chinese.
    pub labels: Vec<&'static str>,
    /// The fan, before the cap.
    pub fan: u32,
    /// The cap (None: no cap).
    pub cap: Option<u8>,
    /// 2^min(fan, cap) base.
    pub value: u32,
    /// "payers", "each" (base each pays) and "total".
    pub payments: BTreeMap<&'static str, u32>,
    /// The reading scored, groups in mpsz (None when not a win).
    pub arrangement: Option<String>,
    /// The JSON line of `hupai score --rules sichuan --json`.
    pub json: String,
}

#[pymethods]
impl PySichuanScore {
    /// The JSON line of `hupai score --rules sichuan --json` for this hand.
    ///
    /// >>> hupai.Engine(rules="sichuan").score("11223344556677m").to_json()[:39]
    /// '{"arrangement":"11m 22m 33m 44m 55m 66m'
    fn to_json(&self) -> &str {
        &self.json
    }

    fn __repr__(&self) -> String {
        format!(
            "SichuanScore(hand='{}', fan={}, value={}, legal={})",
            self.hand,
            self.fan,
            self.value,
            if self.legal { "True" } else { "False" }
        )
    }
}

/// One payment of a settlement: `payer` and `payee` (players 0-3), the
/// `amount` in base, and `why`, the reason as the JSON of `hupai settle`
/// spells it ("concealed-kong", "discard", "self-drawn", "call-transfer",
/// "cha-jiao", "tui-shui", ...).
#[pyclass(module = "hupai", name = "Payment", frozen, get_all)]
pub struct PyPayment {
    /// Who pays, 0-3.
    pub payer: u8,
    /// Who receives, 0-3.
    pub payee: u8,
    /// How much, in base.
    pub amount: u32,
    /// Why, in kebab case.
    pub why: String,
}

#[pymethods]
impl PyPayment {
    fn __repr__(&self) -> String {
        format!(
            "Payment(payer={}, payee={}, amount={}, why='{}')",
            self.payer, self.payee, self.amount, self.why
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast_exact::<PyPayment>().is_ok_and(|o| {
            let o = o.get();
            (o.payer, o.payee, o.amount, &o.why) == (self.payer, self.payee, self.amount, &self.why)
        })
    }
}

/// The settlement of a Sichuan round: each player's `net` (received minus
/// paid; the four sum to zero), every `payments` in order, and `json` (also
/// `to_json()`), the JSON line of `hupai settle --rules sichuan`.
///
/// >>> r = {"events": [{"kong": {"player": 1, "kind": "concealed"}},
/// ...                 {"win": [{"player": 0, "hand": "222m555m888m333p9p9p", "from": 2}]}]}
/// >>> s = hupai.Engine(rules="sichuan").settle(r)
/// >>> s.net
/// [0, 6, -4, -2]
/// >>> [(p.payer, p.payee, p.amount, p.why) for p in s.payments][-1]
/// (2, 0, 2, 'discard')
#[pyclass(module = "hupai", name = "Settlement", frozen, get_all)]
pub struct PySettlement {
    /// Each player's net, received minus paid.
    pub net: Vec<i64>,
    /// Every payment, in order.
    pub payments: Vec<Py<PyPayment>>,
    /// The JSON line of `hupai settle --rules sichuan`.
    pub json: String,
}

#[pymethods]
impl PySettlement {
    /// The JSON line of `hupai settle --rules sichuan` for this round.
    ///
    /// >>> hupai.Engine(rules="sichuan").settle('{"events": []}').to_json()
    /// '{"net":[0,0,0,0],"payments":[]}'
    fn to_json(&self) -> &str {
        &self.json
    }

    fn __repr__(&self) -> String {
        format!(
            "Settlement(net={:?}, payments={})",
            self.net,
            self.payments.len()
        )
    }
}
