import AtomStream
import Testing

/// The rarer fields of `MediaContent` and `PodcastEpisodeInfo` live in copy-on-write storage shared by copies: a
/// change to one value must never show in another, equality and hashing follow the fields, and a value whose rare
/// fields are all cleared again equals one that never had any.
@Suite("Out-of-line model fields")
struct OutOfLineFieldsTests {
    @Test("MediaContent: a copy keeps its rare fields when the original changes")
    func mediaContentCopies() {
        var original = MediaContent(url: "https://x.org/a.mp4")
        original.comments = ["first"]
        let copy = original
        original.comments.append("second")
        original.framerate = 25
        #expect(copy.comments == ["first"])
        #expect(copy.framerate == nil)
        #expect(original.comments == ["first", "second"])
        #expect(original.framerate == 25)
        #expect(copy != original)

        var again = copy
        again.comments.append("second")
        again.framerate = 25
        #expect(again == original)
        #expect(again.hashValue == original.hashValue)
    }

    @Test("MediaContent: clearing every rare field equals never setting one")
    func mediaContentCleared() {
        var content = MediaContent(url: "u")
        content.ratings = [MediaRating(value: "nonadult")]
        content.rights = "official"
        content.ratings = []
        content.rights = nil
        #expect(content == MediaContent(url: "u"))
        #expect(content.hashValue == MediaContent(url: "u").hashValue)
    }

    @Test("PodcastEpisodeInfo: a copy keeps its newer fields when the original changes")
    func episodeCopies() {
        var original = PodcastEpisodeInfo(title: "One")
        original.seasonName = "Spring"
        let copy = original
        original.seasonName = "Autumn"
        original.texts = [PodcastText(value: "v")]
        #expect(copy.seasonName == "Spring")
        #expect(copy.texts.isEmpty)
        #expect(original.seasonName == "Autumn")

        var cleared = original
        cleared.seasonName = nil
        cleared.texts = []
        #expect(cleared == PodcastEpisodeInfo(title: "One"))
        #expect(cleared.isEmpty == false)
        #expect(original.seasonName == "Autumn")
    }
}
