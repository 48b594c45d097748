//! A small SVG writer for the reports' bar charts (grouped bars with optional 95% interval
//! whiskers). No dependency: the output is plain text, stable from run to run.

use std::fmt::Write;

/// One bar: its height and an optional interval drawn as a whisker.
#[derive(Clone, Copy, Debug)]
pub struct Bar {
    /// Height.
    pub value: f64,
    /// Interval `(lo, hi)`.
    pub interval: Option<(f64, f64)>,
}

/// A group of bars under one label, one bar per series.
#[derive(Clone, Debug)]
pub struct Group {
    /// The label under the group.
    pub label: String,
    /// One bar per series (same order as the series names).
    pub bars: Vec<Bar>,
}

const PALETTE: [&str; 8] = [
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f",
];

/// `s` escaped for SVG text.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Where a chart draws: the plotting area inside the margins and the range of the y axis.
struct Frame {
    /// Left edge of the plotting area.
    left: f64,
    /// Top edge of the plotting area.
    top: f64,
    /// Width of the plotting area.
    pw: f64,
    /// Height of the plotting area.
    ph: f64,
    /// The y axis's range (`y0 < y1`).
    y0: f64,
    /// See `y0`.
    y1: f64,
}

impl Frame {
    /// The height on the page of the value `v`, clipped to the axis.
    fn y(&self, v: f64) -> f64 {
        let (y0, y1) = (self.y0, self.y1);
        self.top + self.ph * (1.0 - (v.clamp(y0, y1) - y0) / (y1 - y0))
    }
}

/// A grouped bar chart. `y` is the axis range; bars are clipped to it.
pub(super) fn bar_chart(
    title: &str,
    y_label: &str,
    series: &[&str],
    groups: &[Group],
    y: (f64, f64),
) -> String {
    let (w, h) = (860.0, 420.0);
    let (left, right, top, bottom) = (70.0, 170.0, 40.0, 70.0);
    let (y0, y1) = if y.1 > y.0 { y } else { (y.0, y.0 + 1.0) };
    let f = Frame {
        left,
        top,
        pw: w - left - right,
        ph: h - top - bottom,
        y0,
        y1,
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="15">{}</text>"#,
        left + f.pw / 2.0,
        esc(title)
    );
    axis(&mut s, &f, y_label);
    bars(&mut s, &f, series, groups);
    legend(&mut s, &f, series);
    s += "</svg>\n";
    s
}

/// The y axis: its ticks with their grid lines, the zero line when the range spans zero, and
/// its label.
fn axis(s: &mut String, f: &Frame, y_label: &str) {
    let (left, pw, y0, y1) = (f.left, f.pw, f.y0, f.y1);
    // A round step (1, 2 or 5 times a power of ten) giving at most 8 ticks.
    let raw = (y1 - y0) / 8.0;
    let p10 = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * p10)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * p10);
    let first = (y0 / step).ceil() as i64;
    let last = (y1 / step + 1e-9).floor() as i64;
    for t in first..=last {
        let v = t as f64 * step;
        let yy = f.y(v);
        let _ = writeln!(
            s,
            r##"<line x1="{left}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
            left + pw,
            left - 6.0,
            yy + 4.0,
            fmt_tick(v)
        );
    }
    if y0 < 0.0 && y1 > 0.0 {
        let yy = f.y(0.0);
        let _ = writeln!(
            s,
            r##"<line x1="{left}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="#333"/>"##,
            left + pw
        );
    }
    let _ = writeln!(
        s,
        r##"<text transform="translate(18,{:.1}) rotate(-90)" text-anchor="middle">{}</text>"##,
        f.top + f.ph / 2.0,
        esc(y_label)
    );
}

/// The bars, group by group, each with its whisker, and the groups' labels.
fn bars(s: &mut String, f: &Frame, series: &[&str], groups: &[Group]) {
    let n = groups.len().max(1) as f64;
    let gw = f.pw / n;
    let k = series.len().max(1) as f64;
    let bw = (gw * 0.8) / k;
    let base = f.y(0.0f64.clamp(f.y0, f.y1));
    for (gi, g) in groups.iter().enumerate() {
        let gx = f.left + gw * gi as f64 + gw * 0.1;
        for (bi, b) in g.bars.iter().enumerate() {
            let x = gx + bw * bi as f64;
            let yv = f.y(b.value);
            let (top_y, height) = if yv < base {
                (yv, base - yv)
            } else {
                (base, yv - base)
            };
            let _ = writeln!(
                s,
                r#"<rect x="{x:.1}" y="{top_y:.1}" width="{:.1}" height="{height:.1}" fill="{}"><title>{}: {}</title></rect>"#,
                (bw - 1.0).max(1.0),
                PALETTE[bi % PALETTE.len()],
                esc(series.get(bi).copied().unwrap_or("")),
                fmt_tick(b.value)
            );
            if let Some((lo, hi)) = b.interval {
                let cx = x + bw / 2.0;
                let _ = writeln!(
                    s,
                    r##"<line x1="{cx:.1}" y1="{:.1}" x2="{cx:.1}" y2="{:.1}" stroke="#222"/>"##,
                    f.y(lo),
                    f.y(hi)
                );
            }
        }
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            f.left + gw * (gi as f64 + 0.5),
            f.top + f.ph + 18.0,
            esc(&g.label)
        );
    }
}

/// The legend, right of the plotting area: a swatch and a name a series.
fn legend(s: &mut String, f: &Frame, series: &[&str]) {
    let (left, pw) = (f.left, f.pw);
    for (i, name) in series.iter().enumerate() {
        let yy = f.top + 10.0 + 20.0 * i as f64;
        let _ = writeln!(
            s,
            r#"<rect x="{:.1}" y="{:.1}" width="12" height="12" fill="{}"/><text x="{:.1}" y="{:.1}">{}</text>"#,
            left + pw + 12.0,
            yy - 10.0,
            PALETTE[i % PALETTE.len()],
            left + pw + 30.0,
            yy,
            esc(name)
        );
    }
}

/// A tick's or a bar's value as text: whole numbers without decimals, others with two.
fn fmt_tick(v: f64) -> String {
    if v.abs() < 1e-12 {
        "0".into()
    } else if v == v.round() {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_has_one_rect_per_bar_and_escapes_text() {
        let g = vec![
            Group {
                label: "a<b".into(),
                bars: vec![
                    Bar {
                        value: 0.5,
                        interval: Some((0.4, 0.6)),
                    },
                    Bar {
                        value: -0.2,
                        interval: None,
                    },
                ],
            };
            3
        ];
        let s = bar_chart("T & U", "y", &["one", "two"], &g, (-1.0, 1.0));
        assert!(s.starts_with("<svg") && s.ends_with("</svg>\n"));
        assert_eq!(s.matches("<title>").count(), 6);
        assert!(s.contains("a&lt;b") && s.contains("T &amp; U"));
        assert!(!s.contains("NaN"));
        // Round ticks: a range of 2 needs steps of at least 2/8, so 0.5.
        for t in ["-1", "-0.50", "0", "0.50", "1"] {
            assert!(s.contains(&format!(">{t}</text>")), "tick {t}");
        }
        let s = bar_chart("", "", &["one"], &g[..1], (-400.0, 1400.0));
        // 1800/8 = 225: steps of 500.
        for t in ["0", "500", "1000"] {
            assert!(s.contains(&format!(">{t}</text>")), "tick {t}");
        }
        assert!(!s.contains(">-40<"));
    }
}
