/*
** plot.c
** hule stats --plot FILE.svg and --csv FILE.csv: the pictures of a run
** read from its JSON lines (any number of shards), written as SVG by
** hand (no tool at run time), and the numbers behind every picture as
** CSV: points per win as a histogram; each bot kind's win rate, deal-in
** rate and net points per game with 95% intervals; how often each fan
** comes up per win, the 30 most frequent and the rest together.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "i18n.h"
#include "fileio.h"
#include "pages.h"

enum { MAX_KINDS = 16, MAX_FANS = 512, TOP_FANS = 30, WIDTH = 800 };

typedef struct kind_acc {
  char name[80];
  long seats, wins, dealins, drawn;
  double net, net_sq;
} kind_acc;

typedef struct fan_acc {
  char id[64];
  long n;        /* wins it counted in */
  long games;    /* games it came up in */
  long seen;     /* the game it was last counted in, + 1 */
} fan_acc;

/* A duplicate run's wall: each of the first DUP_KINDS kinds' net points
   and seats over the wall's games (its four turns). */
enum { DUP_KINDS = 4 };
typedef struct dup_wall {
  double net[DUP_KINDS];
  int seats[DUP_KINDS];
} dup_wall;

typedef struct plot_data {
  long games, wins;
  long *totals;  /* each win's total */
  long ntotals, cap;
  kind_acc kind[MAX_KINDS];
  int nkinds;
  fan_acc fan[MAX_FANS];
  int nfans;
  dup_wall *walls;  /* duplicate runs: by wall number */
  long nwalls;
} plot_data;

static int kind_of(plot_data *d, const char *name)
{
  for (int k = 0; k < d->nkinds; k++)
    if (strcmp(d->kind[k].name, name) == 0)
      return k;
  if (d->nkinds >= MAX_KINDS)
    return -1;
  snprintf(d->kind[d->nkinds].name, sizeof d->kind[0].name, "%s", name);
  return d->nkinds++;
}

/* A fan of a win of game number d->games (counted once a game too). */
static void count_fan(plot_data *d, const char *id)
{
  int f = 0;
  while (f < d->nfans && strcmp(d->fan[f].id, id) != 0)
    f++;
  if (f == d->nfans && d->nfans == MAX_FANS)
    return;
  if (f == d->nfans) {
    memset(&d->fan[f], 0, sizeof d->fan[f]);
    snprintf(d->fan[f].id, sizeof d->fan[0].id, "%s", id);
    d->nfans++;
  }
  d->fan[f].n++;
  if (d->fan[f].seen != d->games) {
    d->fan[f].seen = d->games;
    d->fan[f].games++;
  }
}

/* A duplicate game's nets into its wall (false: out of memory). */
static bool count_wall(plot_data *d, const cJSON *o, const int k[4],
                       const cJSON *pay)
{
  const cJSON *wall = cJSON_GetObjectItemCaseSensitive(o, "wall");
  if (!cJSON_IsNumber(wall) || wall->valuedouble < 0 ||
      wall->valuedouble > 1e8)
    return true;   /* not a duplicate run */
  long w = (long)wall->valuedouble;
  if (w >= d->nwalls) {
    long n = w + 1 > 2 * d->nwalls ? w + 1 : 2 * d->nwalls;
    dup_wall *x = realloc(d->walls, (size_t)n * sizeof *x);
    if (x == NULL)
      return false;
    memset(x + d->nwalls, 0, (size_t)(n - d->nwalls) * sizeof *x);
    d->walls = x;
    d->nwalls = n;
  }
  for (int p = 0; p < 4 && p < cJSON_GetArraySize(pay); p++)
    if (k[p] < DUP_KINDS) {
      d->walls[w].net[k[p]] += cJSON_GetArrayItem(pay, p)->valuedouble;
      d->walls[w].seats[k[p]]++;
    }
  return true;
}

/* One game's line into d; false when it is not a sim line. */
static bool add_line(plot_data *d, const cJSON *o)
{
  const cJSON *bots = cJSON_GetObjectItemCaseSensitive(o, "bots"),
              *pay = cJSON_GetObjectItemCaseSensitive(o, "pay"),
              *wins = cJSON_GetObjectItemCaseSensitive(o, "wins");
  int np = cJSON_GetArraySize(pay);   /* the seats at the table */
  if (np < 2 || np > 4 || cJSON_GetArraySize(bots) != np ||
      !cJSON_IsArray(wins))
    return false;
  int k[4] = { DUP_KINDS, DUP_KINDS, DUP_KINDS, DUP_KINDS };
  for (int p = 0; p < np; p++) {
    const cJSON *b = cJSON_GetArrayItem(bots, p), *v = cJSON_GetArrayItem(pay, p);
    if (!cJSON_IsString(b) || !cJSON_IsNumber(v) || (k[p] = kind_of(d, b->valuestring)) < 0)
      return false;
    d->kind[k[p]].seats++;
    d->kind[k[p]].net += v->valuedouble;
    d->kind[k[p]].net_sq += v->valuedouble * v->valuedouble;
  }
  if (!count_wall(d, o, k, pay))
    return false;
  d->games++;
  if (cJSON_GetArraySize(wins) == 0)
    for (int p = 0; p < np; p++)
      d->kind[k[p]].drawn++;
  const cJSON *w;
  cJSON_ArrayForEach(w, wins) {
    const cJSON *pl = cJSON_GetObjectItemCaseSensitive(w, "player"),
                *from = cJSON_GetObjectItemCaseSensitive(w, "from"),
                *tot = cJSON_GetObjectItemCaseSensitive(w, "total"),
                *fans = cJSON_GetObjectItemCaseSensitive(w, "fans");
    if (!cJSON_IsNumber(pl) || pl->valueint < 0 || pl->valueint >= np ||
        !cJSON_IsNumber(tot))
      return false;
    d->wins++;
    d->kind[k[pl->valueint]].wins++;
    if (cJSON_IsNumber(from) && from->valueint >= 0 && from->valueint < np)
      d->kind[k[from->valueint]].dealins++;
    if (d->ntotals == d->cap) {
      long c = d->cap ? 2 * d->cap : 1024;
      long *x = realloc(d->totals, (size_t)c * sizeof *x);
      if (x == NULL)
        return false;
      d->totals = x;
      d->cap = c;
    }
    d->totals[d->ntotals++] = (long)tot->valuedouble;
    const cJSON *f;
    cJSON_ArrayForEach(f, fans) {
      const cJSON *id = cJSON_GetObjectItemCaseSensitive(f, "id");
      if (cJSON_IsString(id))
        count_fan(d, id->valuestring);
    }
  }
  return true;
}

/* Every line of every file; false and the error said when one is bad. */
static bool read_all(plot_data *d, int n, char **files)
{
  for (int a = 0; a < n; a++) {
    char *text;
    size_t len;
    mj_error e;
    if (mj_file_read(files[a], 1L << 30, &text, &len, &e) != MJ_OK) {
      fprintf(stderr, _("Error: %s\n"), e.msg);
      return false;
    }
    int line = 0;
    for (char *s = text, *nl; s < text + len; s = nl + 1) {
      nl = memchr(s, '\n', (size_t)(text + len - s));
      if (nl == NULL)
        nl = text + len;
      line++;
      if (nl == s)
        continue;
      cJSON *o = cJSON_ParseWithLength(s, (size_t)(nl - s));
      bool ok = o != NULL && add_line(d, o);
      cJSON_Delete(o);
      if (!ok) {
        fprintf(stderr, _("Error: %s:%d: not a line of hule sim --out\n"),
                files[a], line);
        free(text);
        return false;
      }
    }
    free(text);
  }
  return true;
}

/* A proportion's 95% interval (Wilson), and a mean's (normal). */
static void wilson(long k, long n, double *lo, double *hi)
{
  double p = n ? (double)k / (double)n : 0, z = 1.96, z2 = z * z;
  double den = 1 + z2 / (double)(n ? n : 1);
  double mid = (p + z2 / (2.0 * (double)(n ? n : 1))) / den;
  double half = z * sqrt(p * (1 - p) / (double)(n ? n : 1) +
                         z2 / (4.0 * (double)(n ? n : 1) * (double)(n ? n : 1))) / den;
  *lo = mid - half;
  *hi = mid + half;
}

static void mean_ci(double s, double q, long n, double *m, double *lo,
                    double *hi)
{
  *m = n ? s / (double)n : 0;
  double var = n > 1 ? (q - s * s / (double)n) / (double)(n - 1) : 0;
  double half = n > 1 ? 1.96 * sqrt(var > 0 ? var : 0) / sqrt((double)n) : 0;
  *lo = *m - half;
  *hi = *m + half;
}

/* XML text: & < > escaped. */
static void xml(FILE *f, const char *s)
{
  for (; *s; s++)
    switch (*s) {
    case '&': fputs("&amp;", f); break;
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '"': fputs("&quot;", f); break;
    default: fputc(*s, f); break;
    }
}

static int by_count(const void *a, const void *b)
{
  const fan_acc *x = a, *y = b;
  return x->n != y->n ? (y->n > x->n) - (y->n < x->n) : strcmp(x->id, y->id);
}

/* The histogram of points per win: its bins of equal width. */
static void histogram(const plot_data *d, long *lo, long *w, int *nb,
                      long bins[40])
{
  long mn = d->ntotals ? d->totals[0] : 0, mx = mn;
  for (long i = 0; i < d->ntotals; i++) {
    if (d->totals[i] < mn)
      mn = d->totals[i];
    if (d->totals[i] > mx)
      mx = d->totals[i];
  }
  *lo = mn;
  *w = (mx - mn + 1 + 19) / 20;
  if (*w < 1)
    *w = 1;
  *nb = (int)((mx - mn) / *w) + 1;
  memset(bins, 0, 40 * sizeof bins[0]);
  for (long i = 0; i < d->ntotals; i++)
    bins[(d->totals[i] - mn) / *w]++;
}

static void chart_points(FILE *f, const plot_data *d, FILE *csv)
{
  long lo, w, bins[40], top = 1;
  int nb;
  histogram(d, &lo, &w, &nb, bins);
  for (int b = 0; b < nb; b++)
    top = bins[b] > top ? bins[b] : top;
  fprintf(f, "<g id=\"chart-points\" transform=\"translate(0,0)\">\n"
          "<text x=\"400\" y=\"24\" class=\"title\">Points per win "
          "(%ld wins)</text>\n", d->ntotals);
  double bw = 700.0 / nb;
  for (int b = 0; b < nb; b++) {
    double h = 220.0 * (double)bins[b] / (double)top;
    fprintf(f, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
            "height=\"%.1f\"><title>%ld-%ld: %ld</title></rect>\n",
            60 + b * bw, 270 - h, bw - 2, h, lo + b * w, lo + (b + 1) * w - 1,
            bins[b]);
    if (nb <= 20 || b % 2 == 0)
      fprintf(f, "<text x=\"%.1f\" y=\"288\" class=\"tick\">%ld</text>\n",
              60 + b * bw + bw / 2, lo + b * w);
    fprintf(csv, "points_per_win,%ld-%ld,%ld,,,%ld\n", lo + b * w,
            lo + (b + 1) * w - 1, bins[b], d->ntotals);
  }
  fprintf(f, "<text x=\"400\" y=\"308\" class=\"axis\">points (the hand's "
          "total)</text>\n<text x=\"20\" y=\"160\" class=\"axis\" "
          "transform=\"rotate(-90 20 160)\">wins</text>\n</g>\n");
}

/* A bar from 0 at x0 to v (scale px per unit), its interval, and its
   value written past them (digits after the point: places). */
static void hbar(FILE *f, double y, double v, double lo, double hi,
                 double scale, double x0, const char *label, int places)
{
  double a = x0 + (v < 0 ? v * scale : 0), len = fabs(v) * scale;
  fprintf(f, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
          "height=\"14\"><title>", a, y, len < 0.5 ? 0.5 : len);
  xml(f, label);
  fprintf(f, "</title></rect>\n<line class=\"ci\" x1=\"%.1f\" y1=\"%.1f\" "
          "x2=\"%.1f\" y2=\"%.1f\"/>\n", x0 + lo * scale, y + 7,
          x0 + hi * scale, y + 7);
  double end = fmax(x0 + fmax(v, 0) * scale, x0 + hi * scale);
  fprintf(f, places == 2 ? "<text x=\"%.1f\" y=\"%.1f\" class=\"value\">"
                           "%+.*f</text>\n"   /* net points: signed */
                         : "<text x=\"%.1f\" y=\"%.1f\" class=\"value\">"
                           "%.*f</text>\n",
          end + 6, y + 11, places, v);
}

/* Figure c of kind a: a rate (win, deal-in, drawn games) with Wilson's
   interval, or the net points per game with the mean's. */
static double kind_figure(const kind_acc *a, int c, double *lo, double *hi)
{
  double v;
  if (c < 3) {
    long x = c == 0 ? a->wins : c == 1 ? a->dealins : a->drawn;
    v = a->seats ? (double)x / (double)a->seats : 0;
    wilson(x, a->seats, lo, hi);
  } else {
    mean_ci(a->net, a->net_sq, a->seats, &v, lo, hi);
  }
  return v;
}

static double chart_kinds(FILE *f, const plot_data *d, double y0, FILE *csv)
{
  static const char *const what[4] = { "win rate", "deal-in rate",
                                       "drawn games", "net points per game" };
  static const char *const key[4] = { "win_rate", "dealin_rate",
                                      "draw_rate", "net_per_game" };
  double ext = 1;
  for (int k = 0; k < d->nkinds; k++) {
    double lo, hi;
    kind_figure(&d->kind[k], 3, &lo, &hi);
    ext = fmax(ext, fmax(fabs(lo), fabs(hi)));
  }
  fprintf(f, "<g id=\"chart-kinds\" transform=\"translate(0,%.0f)\">\n"
          "<text x=\"400\" y=\"24\" class=\"title\">By bot kind, with 95%% "
          "intervals (%ld games)</text>\n", y0, d->games);
  double y = 44;
  for (int c = 0; c < 4; c++) {
    fprintf(f, "<text x=\"20\" y=\"%.0f\" class=\"head\">%s</text>\n", y + 12,
            what[c]);
    y += 20;
    for (int k = 0; k < d->nkinds; k++) {
      const kind_acc *a = &d->kind[k];
      double lo, hi, v = kind_figure(a, c, &lo, &hi);
      char label[160];
      snprintf(label, sizeof label, "%s: %.3f (%.3f to %.3f)", a->name, v,
               lo, hi);
      fprintf(f, "<text x=\"190\" y=\"%.0f\" class=\"label\">", y + 11);
      xml(f, a->name);
      fprintf(f, "</text>\n");
      hbar(f, y, v, lo, hi, c < 3 ? 500 : 220 / ext, c < 3 ? 200 : 450,
           label, c < 3 ? 3 : 2);
      fprintf(csv, "%s,%s,%.6f,%.6f,%.6f,%ld\n", key[c], a->name, v, lo, hi,
              a->seats);
      y += 18;
    }
    if (c == 3)   /* the zero of the net points */
      fprintf(f, "<line class=\"zero\" x1=\"450\" y1=\"%.0f\" x2=\"450\" "
              "y2=\"%.0f\"/>\n", y - 18.0 * d->nkinds - 4, y);
    y += 8;
  }
  fprintf(f, "</g>\n");
  return y0 + y + 10;
}

/* One fan's two bars: per win (k of the wins) and per game (g of the
   games), each with its interval, into the chart and the CSV. */
static void fan_row(FILE *f, const plot_data *d, const char *id, long k,
                    long g, double scale, double y, FILE *csv)
{
  double v = d->wins ? (double)k / (double)d->wins : 0, lo, hi;
  double pg = d->games ? (double)g / (double)d->games : 0, glo, ghi;
  wilson(k, d->wins, &lo, &hi);
  wilson(g, d->games, &glo, &ghi);
  char label[160];
  fprintf(f, "<text x=\"190\" y=\"%.0f\" class=\"label\">", y + 11);
  xml(f, id);
  fprintf(f, "</text>\n");
  snprintf(label, sizeof label, "%s: %.3f per win", id, v);
  hbar(f, y, v, lo, hi, scale, 200, label, 3);
  snprintf(label, sizeof label, "%s: %.3f per game", id, pg);
  fprintf(f, "<g class=\"game\">\n");
  hbar(f, y + 15, pg, glo, ghi, scale, 200, label, 3);
  fprintf(f, "</g>\n");
  fprintf(csv, "fan_per_win,%s,%.6f,%.6f,%.6f,%ld\n", id, v, lo, hi,
          d->wins);
  fprintf(csv, "fan_per_game,%s,%.6f,%.6f,%.6f,%ld\n", id, pg, glo, ghi,
          d->games);
}

static double chart_fans(FILE *f, plot_data *d, double y0, FILE *csv)
{
  qsort(d->fan, (size_t)d->nfans, sizeof d->fan[0], by_count);
  int shown = d->nfans < TOP_FANS ? d->nfans : TOP_FANS;
  long rest = 0, rest_games = 0;
  for (int i = shown; i < d->nfans; i++) {
    rest += d->fan[i].n;
    rest_games += d->fan[i].games;
  }
  rest_games = rest_games < d->games ? rest_games : d->games;
  fprintf(f, "<g id=\"chart-fans\" transform=\"translate(0,%.0f)\">\n"
          "<text x=\"400\" y=\"24\" class=\"title\">Fans per win and per "
          "game, the %d most frequent, with 95%% intervals</text>\n"
          "<rect class=\"key\" x=\"200\" y=\"34\" width=\"12\" height=\"10\"/>"
          "<text x=\"216\" y=\"43\">per win</text>\n<rect class=\"key game\" "
          "x=\"290\" y=\"34\" width=\"12\" height=\"10\"/><text x=\"306\" "
          "y=\"43\">per game</text>\n", y0, shown);
  double y = 52;
  double top = d->wins && d->nfans
                   ? fmax(1.0, (double)d->fan[0].n / (double)d->wins) : 1;
  for (int i = 0; i <= shown; i++) {
    if (i == shown && rest == 0)
      break;
    fan_row(f, d, i < shown ? d->fan[i].id : "the others",
            i < shown ? d->fan[i].n : rest,
            i < shown ? d->fan[i].games : rest_games, 520 / top, y, csv);
    y += 34;
  }
  fprintf(f, "</g>\n");
  return y0 + y + 10;
}

/* The field of a duplicate run: the kind in the most seats (the later
   on a tie), which the others are measured against. */
static int dup_base(const plot_data *d, int nk)
{
  int b = 0;
  for (int k = 1; k < nk; k++)
    if (d->kind[k].seats >= d->kind[b].seats)
      b = k;
  return b;
}

/* Kind k's net points per seat minus base's, on the walls both sat at:
   their mean and its interval, and how many walls. */
static long dup_diff(const plot_data *d, int k, int base, double *m,
                     double *lo, double *hi)
{
  double s = 0, q = 0;
  long n = 0;
  for (long w = 0; w < d->nwalls; w++) {
    const dup_wall *x = &d->walls[w];
    if (x->seats[base] == 0 || x->seats[k] == 0)
      continue;
    double diff = x->net[k] / x->seats[k] - x->net[base] / x->seats[base];
    s += diff;
    q += diff * diff;
    n++;
  }
  mean_ci(s, q, n, m, lo, hi);
  return n;
}

/* A duplicate run: on each wall (a deal played four times, the bots
   turned), each kind's net points per game minus the field's. */
static double chart_duplicate(FILE *f, const plot_data *d, double y0,
                              FILE *csv)
{
  int nk = d->nkinds < DUP_KINDS ? d->nkinds : DUP_KINDS;
  if (d->nwalls == 0 || nk < 2)
    return y0;
  int base = dup_base(d, nk);
  double m[DUP_KINDS], lo[DUP_KINDS], hi[DUP_KINDS], ext = 1, y = 44;
  long n[DUP_KINDS];
  for (int k = 0; k < nk; k++)
    if (k != base) {
      n[k] = dup_diff(d, k, base, &m[k], &lo[k], &hi[k]);
      ext = fmax(ext, fmax(fabs(lo[k]), fabs(hi[k])));
    }
  fprintf(f, "<g id=\"chart-duplicate\" transform=\"translate(0,%.0f)\">\n"
          "<text x=\"400\" y=\"24\" class=\"title\">Duplicate: per deal, "
          "net points per game minus ", y0);
  xml(f, d->kind[base].name);
  fprintf(f, "'s, with 95%% intervals</text>\n");
  for (int k = 0; k < nk; k++) {
    if (k == base)
      continue;
    char label[200];
    snprintf(label, sizeof label, "%s minus %s: %+.2f (%+.2f to %+.2f), %ld "
             "deals", d->kind[k].name, d->kind[base].name, m[k], lo[k],
             hi[k], n[k]);
    fprintf(f, "<text x=\"190\" y=\"%.0f\" class=\"label\">", y + 11);
    xml(f, d->kind[k].name);
    fprintf(f, "</text>\n");
    hbar(f, y, m[k], lo[k], hi[k], 220 / ext, 450, label, 2);
    fprintf(csv, "duplicate_minus_%s,%s,%.6f,%.6f,%.6f,%ld\n",
            d->kind[base].name, d->kind[k].name, m[k], lo[k], hi[k], n[k]);
    y += 18;
  }
  fprintf(f, "<line class=\"zero\" x1=\"450\" y1=\"40\" x2=\"450\" "
          "y2=\"%.0f\"/>\n</g>\n", y);
  return y0 + y + 20;
}

int stats_plot(int n, char **files, const char *svg, const char *csvname)
{
  plot_data *d = calloc(1, sizeof *d);
  if (d == NULL || !read_all(d, n, files)) {
    if (d) {
      free(d->totals);
      free(d->walls);
    }
    free(d);
    return 1;
  }
  char *sbuf = NULL, *cbuf = NULL;
  size_t slen = 0, clen = 0;
  FILE *f = open_memstream(&sbuf, &slen), *csv = open_memstream(&cbuf, &clen);
  int st = f == NULL || csv == NULL;
  if (st == 0) {
    fprintf(csv, "chart,label,value,low,high,n\n");
    fprintf(f, "<g id=\"body\">\n");
    chart_points(f, d, csv);
    double y = chart_kinds(f, d, 330, csv);
    y = chart_duplicate(f, d, y, csv);
    y = chart_fans(f, d, y, csv);
    fprintf(f, "</g>\n");
    fclose(f);
    fclose(csv);
    f = csv = NULL;
    mj_error e;
    char head[512];
    snprintf(head, sizeof head,
             "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
             "height=\"%.0f\" viewBox=\"0 0 %d %.0f\" font-family=\"sans-serif, "
             "'Noto Sans CJK SC', 'WenQuanYi Micro Hei'\" font-size=\"12\">\n<style>.bar{fill:#4a7ab5}.ci{stroke:#222;"
             "stroke-width:1.5}.title{font-size:16px;text-anchor:middle;"
             "font-weight:bold}.tick,.axis{text-anchor:middle}.label{text-"
             "anchor:end}.head{font-weight:bold}.zero{stroke:#888}.value{"
             "fill:#333}.game .bar,.key.game{fill:#e39b3b}.key{fill:#4a7ab5}"
             "</style>\n"
             "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
             WIDTH, y, WIDTH, y);
    size_t hl = strlen(head);
    char *all = malloc(hl + slen + 8);
    if (all != NULL) {
      memcpy(all, head, hl);
      memcpy(all + hl, sbuf, slen);
      memcpy(all + hl + slen, "</svg>\n", 8);
    }
    if (svg != NULL && (all == NULL ||
                        mj_file_write_atomic(svg, all, hl + slen + 7, &e) !=
                            MJ_OK)) {
      fprintf(stderr, _("Error: %s\n"), all ? e.msg : "out of memory");
      st = 1;
    }
    if (st == 0 && csvname != NULL &&
        mj_file_write_atomic(csvname, cbuf, clen, &e) != MJ_OK) {
      fprintf(stderr, _("Error: %s\n"), e.msg);
      st = 1;
    }
    free(all);
  }
  if (f)
    fclose(f);
  if (csv)
    fclose(csv);
  free(sbuf);
  free(cbuf);
  free(d->totals);
  free(d->walls);
  free(d);
  return st;
}
