/// Times a block: a warm-up run, then `runs` timed runs; reports the median.
enum Stopwatch {
    struct Result {
        /// Median seconds per run.
        var seconds: Double
        /// Items the block reported (the same every run).
        var items: Int
    }

    static func median(runs: Int, _ body: () -> Int) -> Result {
        let clock = ContinuousClock()
        var items = body()
        var samples: [Double] = []
        for _ in 0..<max(runs, 1) {
            let elapsed = clock.measure { items = body() }
            samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        samples.sort()
        return Result(seconds: samples[samples.count / 2], items: items)
    }
}
