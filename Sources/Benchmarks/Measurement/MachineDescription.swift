import Foundation

/// The machine and toolchain a run was made on, printed at the top of the report.
enum MachineDescription {
    static var current: String {
        let info = ProcessInfo.processInfo
        var cpu = "unknown CPU"
        if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let name = line.split(separator: ":", maxSplits: 1).last
        {
            cpu = name.trimmingCharacters(in: .whitespaces)
        }
        #if compiler(>=6.3)
            let compiler = "Swift 6.3+"
        #else
            let compiler = "Swift 6.x"
        #endif
        return "# FeedStream benchmark — \(cpu), \(info.activeProcessorCount) cores, "
            + "\(info.physicalMemory >> 30) GiB, \(info.operatingSystemVersionString), \(compiler), release build"
    }
}
