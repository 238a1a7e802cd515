// The time in this module's API (`WallClock.now()`, `ManualWallClock(start:)`) is a `Timestamp`, which is
// declared in StrataBase, a package of its own that a plugin doesn't name among its dependencies. So whoever
// imports StrataRuntime can name it too: `ManualWallClock(start: Timestamp(secondsSince1970: 1_800_000_000))`
// compiles with `import StrataRuntime` alone. (A scoped `import struct` can't be written into a module
// interface, so the whole of StrataBase comes along: its `Sanitizer` too.)
@_exported public import StrataBase
