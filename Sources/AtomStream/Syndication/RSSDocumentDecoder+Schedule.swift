#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(XMLEngine) import XMLStream

extension RSSDocumentDecoder {
    /// The `hour` and `day` children of `skipHours` and `skipDays`.
    func skipListChildRole(_ tag: XMLStartTag) -> RSSRole {
        guard names.isRSS(tag.namespace) else { return .ignored }
        switch tag.localName {
        case names.hour: return beginField(.skipHour, .feed)
        case names.day: return beginField(.skipDay, .feed)
        default: return .ignored
        }
    }

    /// `sy:updatePeriod` and `sy:updateFrequency` of the channel.
    func syndicationRole(_ tag: XMLStartTag) -> RSSRole {
        switch tag.localName {
        case names.updatePeriod: return beginField(.updatePeriod, .feed)
        case names.updateFrequency: return beginField(.updateFrequency, .feed)
        default: return .ignored
        }
    }

    /// Records a schedule field's value; values that do not read (a `ttl` of `soon`, an hour of 25) are dropped.
    func finishScheduleField(_ field: RSSField, _ value: String) {
        var schedule = feed.updateSchedule ?? FeedUpdateSchedule()
        switch field {
        case .ttl:
            guard let minutes = Int(value), minutes >= 0 else { return }
            schedule.ttl = minutes
        case .updatePeriod:
            let period = value.lowercased()
            guard FeedUpdateSchedule.periods[period] != nil else { return }
            schedule.updatePeriod = period
        case .updateFrequency:
            guard let frequency = Int(value), frequency > 0 else { return }
            schedule.updateFrequency = frequency
        case .skipHour:
            // RSS 2.0 counts hours 0–23; some feeds write 24 for midnight.
            guard let hour = Int(value), (0...24).contains(hour) else { return }
            if !schedule.skipHours.contains(hour % 24) { schedule.skipHours.append(hour % 24) }
        case .skipDay:
            guard
                let day = FeedUpdateSchedule.dayNames.first(where: { $0.lowercased() == value.lowercased() })
            else { return }
            if !schedule.skipDays.contains(day) { schedule.skipDays.append(day) }
        default: return
        }
        feed.updateSchedule = schedule
    }
}
