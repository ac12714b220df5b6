"""A small SVG writer for the suite's two kinds of figure: grouped bars and measured-vs-predicted points.

Standard library only (no matplotlib on the target machine). Output is plain SVG 1.1 that browsers and
GitHub render; every text is XML-escaped, so the files are well-formed whatever the labels. The caller gives
every series (or bar) its colour, from palette.py: a colour names a scheme, not a position in the chart.
"""
import math
from xml.sax.saxutils import escape

FONT = 'font-family="sans-serif"'


def nice_ticks(top, count=5):
    """Round tick values from 0 to at least `top`."""
    if top <= 0:
        return [0, 1]
    raw = top / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    return [i * step for i in range(int(math.ceil(top / step - 1e-9)) + 1)]


def _fmt(v):
    return ("%.3g" % v) if v else "0"


class Canvas:
    def __init__(self, width, height):
        self.w, self.h, self.items = width, height, []

    def text(self, x, y, s, size=12, anchor="middle", rotate=None, weight="normal"):
        rot = ' transform="rotate(%d %.1f %.1f)"' % (rotate, x, y) if rotate else ""
        self.items.append('<text x="%.1f" y="%.1f" font-size="%d" text-anchor="%s" font-weight="%s" %s%s>%s'
                          '</text>' % (x, y, size, anchor, weight, FONT, rot, escape(str(s))))

    def line(self, x1, y1, x2, y2, color="#000", width=1, dash=None):
        d = ' stroke-dasharray="%s"' % dash if dash else ""
        self.items.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%g"%s/>'
                          % (x1, y1, x2, y2, color, width, d))

    def rect(self, x, y, w, h, color, tip=None):
        title = "<title>%s</title>" % escape(tip) if tip else ""
        self.items.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s">%s</rect>'
                          % (x, y, max(w, 0), max(h, 0), color, title))

    def circle(self, x, y, r, color, tip=None):
        title = "<title>%s</title>" % escape(tip) if tip else ""
        self.items.append('<circle cx="%.1f" cy="%.1f" r="%g" fill="%s" fill-opacity="0.8">%s</circle>'
                          % (x, y, r, color, title))

    def save(self, path):
        with open(path, "w") as f:
            f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
            f.write('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">\n'
                    % (self.w, self.h, self.w, self.h))
            f.write('<rect width="100%" height="100%" fill="#fff"/>\n')
            f.write("\n".join(self.items))
            f.write("\n</svg>\n")


def _legend(c, names, colors, x, y):
    for i, (name, color) in enumerate(zip(names, colors)):
        c.rect(x, y + i * 16 - 9, 10, 10, color)
        c.text(x + 14, y + i * 16, name, size=11, anchor="start")


def bar_chart(path, title, categories, series, values, ylabel, colors, hline=None, subtitle=None,
              bar_colors=None):
    """values[s][k]: bar of series s in category k (None: no bar); colors[s]: series s's colour, or
    bar_colors[s][k] per bar (then no legend: the categories name the bars). hline: (value, label) reference
    line. subtitle: a line under the title (what the times are, e.g. measured on an emulated cluster)."""
    group_w = max(40, 14 * len(series) + 16)
    slant = any(len(cat) * 6.5 > group_w for cat in categories)
    left, right = 60, 150
    top = 52 if subtitle else 36
    bottom = 30 + (int(max(len(cat) for cat in categories) * 4.2) if slant else 30)
    w = max(420 if not subtitle else max(420, int(len(subtitle) * 5.6) + 40),
            left + right + group_w * len(categories))
    h = 280 + bottom + (top - 36)
    c = Canvas(w, h)
    c.text(w / 2, 20, title, size=14, weight="bold")
    if subtitle:
        c.text(w / 2, 38, subtitle, size=11)
    peak = max([v for row in values for v in row if v is not None] + [hline[0] if hline else 0])
    ticks = nice_ticks(peak)
    ph = h - top - bottom

    def y_of(v):
        return top + ph * (1 - v / ticks[-1])

    for t in ticks:
        c.line(left, y_of(t), w - right, y_of(t), "#ddd")
        c.text(left - 6, y_of(t) + 4, _fmt(t), size=10, anchor="end")
    c.text(16, top + ph / 2, ylabel, size=11, rotate=-90)
    bar_w = (group_w - 16) / max(len(series), 1)
    for k, cat in enumerate(categories):
        x0 = left + k * group_w + 8
        for s, name in enumerate(series):
            v = values[s][k]
            if v is not None:
                color = bar_colors[s][k] if bar_colors else colors[s]
                c.rect(x0 + s * bar_w, y_of(v), bar_w - 1, y_of(0) - y_of(v), color,
                       "%s, %s: %.3g" % (name, cat, v))
        if slant:  # long labels would run into each other
            c.text(x0 + (group_w - 16) / 2 + 4, h - bottom + 12, cat, size=11, anchor="end", rotate=-35)
        else:
            c.text(x0 + (group_w - 16) / 2, h - bottom + 16, cat, size=11)
    c.line(left, y_of(0), w - right, y_of(0))
    if hline:
        c.line(left, y_of(hline[0]), w - right, y_of(hline[0]), "#c00", 1.5, "6,3")
        c.text(w - right - 4, y_of(hline[0]) - 4, hline[1], size=10, anchor="end")  # clear of the legend
    if not bar_colors:
        _legend(c, series, colors, w - right + 8, top + 30)
    c.save(path)


def scatter(path, title, points, xlabel, ylabel, groups, colors):
    """points: (x, y, group index, tooltip); colors[g]: group g's colour. Draws y = x, where prediction and
    measurement agree."""
    left, right, top, bottom = 60, 150, 36, 50
    w, h = 560, 420
    c = Canvas(w, h)
    c.text(w / 2, 20, title, size=14, weight="bold")
    ticks = nice_ticks(max([max(p[0], p[1]) for p in points] + [1e-3]))
    pw, ph = w - left - right, h - top - bottom

    def xy(x, y):
        return left + pw * x / ticks[-1], top + ph * (1 - y / ticks[-1])

    for t in ticks:
        c.line(left, xy(0, t)[1], w - right, xy(0, t)[1], "#eee")
        c.line(xy(t, 0)[0], top, xy(t, 0)[0], h - bottom, "#eee")
        c.text(left - 6, xy(0, t)[1] + 4, _fmt(t), size=10, anchor="end")
        c.text(xy(t, 0)[0], h - bottom + 14, _fmt(t), size=10)
    c.line(*xy(0, 0), *xy(ticks[-1], ticks[-1]), "#888", 1, "4,3")
    for x, y, g, tip in points:
        c.circle(*xy(x, y), 4, colors[g], tip)
    c.text(left + pw / 2, h - 12, xlabel, size=11)
    c.text(16, top + ph / 2, ylabel, size=11, rotate=-90)
    _legend(c, groups, colors, w - right + 8, top + 30)
    c.save(path)
