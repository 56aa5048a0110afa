@_spi(XMLEngine) import XMLStream
/// `podcast:remoteItem` wherever it stands (the channel, `podcast:podroll`, `podcast:publisher`,
/// `podcast:valueTimeSplit`), `podcast:valueTimeSplit` inside `podcast:value`, and `podcast:integrity` inside
/// `podcast:alternateEnclosure`.
extension PodcastReader {
    /// A `podcast:remoteItem`; `nil` without the `feedGuid` the tag requires.
    func remoteItem(_ tag: XMLStartTag, resolve: (String) -> String) -> PodcastRemoteItem? {
        let extra = names.extra
        func attribute(_ name: XMLName) -> String? { PodcastValueText.attribute(tag.value(of: name)) }
        guard let feedGuid = attribute(extra.feedGuid) else { return nil }
        return PodcastRemoteItem(
            feedGuid: feedGuid, feedURL: attribute(extra.feedURL).map(resolve), itemGuid: attribute(extra.itemGuid),
            medium: attribute(names.medium)?.lowercased(), title: attribute(names.title))
    }

    /// A `podcast:valueRecipient`; `nil` without the `address` the tag requires.
    func valueRecipient(_ tag: XMLStartTag) -> PodcastValueRecipient? {
        func attribute(_ name: XMLName) -> String? { PodcastValueText.attribute(tag.value(of: name)) }
        guard let address = attribute(names.address) else { return nil }
        return PodcastValueRecipient(
            name: attribute(names.name), type: attribute(names.type) ?? "", address: address,
            split: attribute(names.split).flatMap(PodcastValueText.number) ?? 0,
            customKey: attribute(names.customKey), customValue: attribute(names.customValue),
            fee: attribute(names.fee).flatMap(PodcastValueText.flag))
    }

    mutating func startRemoteChild(
        _ tag: XMLStartTag, of parent: PodcastElement, resolve: (String) -> String
    ) -> PodcastElement? {
        let extra = names.extra
        func attribute(_ name: XMLName) -> String? { PodcastValueText.attribute(tag.value(of: name)) }
        switch (parent, tag.localName) {
        case (.podroll, extra.remoteItem):
            if let item = remoteItem(tag, resolve: resolve) { show.podroll.append(item) }
            return .remoteItem
        case (.publisher, extra.remoteItem):
            if show.publisher == nil { show.publisher = remoteItem(tag, resolve: resolve) }
            return .remoteItem
        case (.valueTimeSplit, extra.remoteItem):
            let item = remoteItem(tag, resolve: resolve)
            if more.timeSplit?.remoteItem == nil { more.timeSplit?.remoteItem = item }
            return .remoteItem
        case (.valueTimeSplit, names.valueRecipient):
            if let recipient = valueRecipient(tag) { more.timeSplit?.recipients.append(recipient) }
            return .valueRecipient
        case (.value, extra.valueTimeSplit):
            // Required: without a start and a duration the split cannot be placed (as a soundbite's).
            more.timeSplit = PodcastValueTimeSplit(
                startTime: attribute(names.startTime).flatMap(PodcastValueText.number) ?? -1,
                duration: attribute(names.duration).flatMap(PodcastValueText.number) ?? -1,
                remoteStartTime: attribute(extra.remoteStartTime).flatMap(PodcastValueText.number),
                remotePercentage: attribute(extra.remotePercentage).flatMap(PodcastValueText.number))
            return .valueTimeSplit
        case (.alternateEnclosure, extra.integrity):
            if let type = attribute(names.type), let value = attribute(names.value) {
                alternateEnclosure?.integrity = PodcastIntegrity(type: type.lowercased(), value: value)
            }
            return .integrity
        default:
            return nil
        }
    }

    mutating func finishValueTimeSplit() {
        guard let split = more.timeSplit else { return }
        more.timeSplit = nil
        guard split.startTime >= 0, split.duration >= 0, split.remoteItem != nil || !split.recipients.isEmpty else {
            return
        }
        value?.timeSplits.append(split)
    }
}
