@_exported import StreamCore
