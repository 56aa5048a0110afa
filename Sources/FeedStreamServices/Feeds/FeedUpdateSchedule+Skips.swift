import AtomStream
import Foundation

extension FeedUpdateSchedule {
    /// The first time at or after `date` outside ``skipHours`` and ``skipDays`` (read in GMT, as RSS 2.0 says):
    /// the start of the first hour the feed does not skip. `date` itself when nothing is skipped, or when the feed
    /// skips every hour of the week (a schedule that cannot be kept is ignored).
    func firstAllowedTime(from date: Date) -> Date {
        guard !skipHours.isEmpty || !skipDays.isEmpty else { return date }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        var candidate = date
        for _ in 0..<(24 * 8) {
            let parts = calendar.dateComponents([.hour, .weekday], from: candidate)
            let day = Self.dayNames[(parts.weekday ?? 1) - 1]
            guard skipHours.contains(parts.hour ?? -1) || skipDays.contains(day) else { return candidate }
            let hourStart = calendar.dateInterval(of: .hour, for: candidate)?.start ?? candidate
            candidate = hourStart.addingTimeInterval(3_600)
        }
        return date
    }
}
