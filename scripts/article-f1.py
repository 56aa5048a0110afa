#!/usr/bin/env python3
"""Scores article extractors on Mozilla Readability's test pages the way ArticleExtractionTests does: the text's
words (\\w+, lowercased) four at a time, F1 of the extracted shingles against the expected article's (counted with
repetitions). Prints one line per page below 0.8 and the mean, for each extractor asked for.

With --runs N the extractors run N times in turn (a, b, a, b, ...), so that a shared machine's slow moments fall on
all of them; each line gives the median, and the last gives feedstream's throughput over each other's, medians of
the same run.

  scripts/article-f1.py [--corpus DIR] [--feedstream PATH] [--extractors feedstream,trafilatura,readability-lxml]
                        [--runs N]
"""
import argparse, collections, html, json, os, re, subprocess, sys, time

def words(text):
    return re.findall(r"\w+", text.lower())

def shingles(text, size=4):
    tokens = words(text)
    if len(tokens) < size:
        return collections.Counter([" ".join(tokens)] if tokens else [])
    return collections.Counter(" ".join(tokens[i:i + size]) for i in range(len(tokens) - size + 1))

def f1(extracted, expected):
    found, wanted = shingles(extracted), shingles(expected)
    if not found and not wanted:
        return 1.0
    common = sum((found & wanted).values())
    if not common:
        return 0.0
    precision, recall = common / sum(found.values()), common / sum(wanted.values())
    return 2 * precision * recall / (precision + recall)

# Tags that separate words however they are written; inline ones (span, a, em) do not, as in the DOM's text.
SEPARATING = set("""address article aside blockquote br caption dd details div dl dt fieldset figcaption figure
footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul
img""".split())

def html_text(markup):
    markup = re.sub(r"<!--.*?-->", " ", markup, flags=re.S)
    def tag(match):
        name = re.match(r"/?([A-Za-z0-9]*)", match.group(1)).group(1).lower()
        return " " if name in SEPARATING else ""
    return html.unescape(re.sub(r"<([^>]*)>", tag, markup))

def pages(corpus):
    for name in sorted(os.listdir(corpus)):
        folder = os.path.join(corpus, name)
        source, expected = os.path.join(folder, "source.html"), os.path.join(folder, "expected.html")
        if os.path.exists(source) and os.path.exists(expected):
            yield name, source, open(expected, encoding="utf-8").read()

URL = "http://fakehost/test/page.html"

def run_feedstream(tool, sources):
    out = subprocess.run([tool, "extract", "--base-url", URL] + sources, capture_output=True, text=True, check=True)
    return [json.loads(line)["text"] for line in out.stdout.splitlines()]

def run_trafilatura(sources):
    import trafilatura
    return [trafilatura.extract(open(s, "rb").read().decode("utf-8", "replace"), url=URL) or "" for s in sources]

def run_readability_lxml(sources):
    from readability import Document
    texts = []
    for s in sources:
        summary = Document(open(s, "rb").read().decode("utf-8", "replace"), url=URL).summary(html_partial=True)
        texts.append(html_text(summary))
    return texts

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--corpus", default=os.path.join(here, "../../shared/corpus/readability-test-pages"))
    parser.add_argument("--feedstream", default=os.path.join(here, "../.build/release/feedstream"))
    parser.add_argument("--extractors", default="feedstream")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    listed = list(pages(args.corpus))
    sources = [s for _, s, _ in listed]
    megabytes = sum(os.path.getsize(s) for s in sources) / 1e6
    extractors = args.extractors.split(",")
    timings = collections.defaultdict(list)
    results = {}
    for _ in range(args.runs):
        for extractor in extractors:
            start = time.perf_counter()
            if extractor == "feedstream":
                texts = run_feedstream(args.feedstream, sources)
            elif extractor == "trafilatura":
                texts = run_trafilatura(sources)
            elif extractor == "readability-lxml":
                texts = run_readability_lxml(sources)
            else:
                sys.exit(f"unknown extractor {extractor}")
            timings[extractor].append(time.perf_counter() - start)
            results[extractor] = texts
    medians = {}
    for extractor in extractors:
        seconds = sorted(timings[extractor])[len(timings[extractor]) // 2]
        medians[extractor] = seconds
        texts = results[extractor]
        scores = [(name, f1(text, html_text(expected))) for (name, _, expected), text in zip(listed, texts)]
        low = sorted((s for s in scores if s[1] < 0.8), key=lambda s: s[1])
        mean = sum(s for _, s in scores) / len(scores)
        runs = ", ".join(f"{t:.2f}" for t in timings[extractor])
        print(f"{extractor}: {len(scores)} pages, mean F1 {mean:.4f}, {megabytes:.1f} MB in {seconds:.2f} s "
              f"({megabytes / seconds:.1f} MB/s)" + (f", median of {runs} s" if args.runs > 1 else ""))
        print("  below 0.8: " + ", ".join(f"{n} {s:.3f}" for n, s in low))
    if "feedstream" in medians and len(medians) > 1:
        print("feedstream's throughput over " + ", ".join(
            f"{e}'s: {medians[e] / medians['feedstream']:.2f}x" for e in extractors if e != "feedstream"))

if __name__ == "__main__":
    main()
