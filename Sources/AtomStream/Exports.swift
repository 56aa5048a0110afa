@_exported import StreamCore
// AtomStream held the sanitizer, page discovery and OPML before they became modules of their own: re-exported, so
// that `import AtomStream` still reaches `HTMLSanitizer`, `FeedLinkParser`, `OPMLParser` and the rest.
@_exported import HTMLSanitizing
@_exported import FeedDiscovery
