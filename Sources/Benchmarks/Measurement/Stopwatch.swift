/// Times a block: a warm-up run, then `runs` timed runs; reports the median.
enum Stopwatch {
    struct Result {
        /// Median seconds per run.
        var seconds: Double
        /// Items the block reported (the same every run).
        var items: Int
    }

    /// A decoder timed against its ceiling, run by run in alternation.
    struct Pair {
        var ceiling: Result
        var subject: Result
        /// The median of the per-run ratios `ceiling / subject`: each ratio compares two runs made moments apart,
        /// so a change of machine load during the measurement moves both sides of it.
        var ratio: Double
    }

    static func median(runs: Int, _ body: () -> Int) -> Result {
        var items = body()
        var samples: [Double] = []
        for _ in 0..<max(runs, 1) {
            samples.append(seconds { items = body() })
        }
        return Result(seconds: middle(samples), items: items)
    }

    /// Interleaved medians: after a warm-up of each, every round times both blocks, alternating which goes first
    /// so neither always runs on the caches and clock speed the other left behind.
    static func interleaved(runs: Int, ceiling: () -> Int, subject: () -> Int) -> Pair {
        var ceilingItems = ceiling()
        var subjectItems = subject()
        var ceilingSamples: [Double] = []
        var subjectSamples: [Double] = []
        var ratios: [Double] = []
        for round in 0..<max(runs, 1) {
            let first = round % 2 == 0
            var ceilingTime = 0.0
            var subjectTime = 0.0
            if first { ceilingTime = seconds { ceilingItems = ceiling() } }
            subjectTime = seconds { subjectItems = subject() }
            if !first { ceilingTime = seconds { ceilingItems = ceiling() } }
            ceilingSamples.append(ceilingTime)
            subjectSamples.append(subjectTime)
            ratios.append(ceilingTime / subjectTime)
        }
        return Pair(
            ceiling: Result(seconds: middle(ceilingSamples), items: ceilingItems),
            subject: Result(seconds: middle(subjectSamples), items: subjectItems),
            ratio: middle(ratios))
    }

    private static func seconds(_ body: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    private static func middle(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        let count = sorted.count
        return count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
    }
}
