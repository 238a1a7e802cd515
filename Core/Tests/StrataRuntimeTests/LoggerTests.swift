import StrataRuntime
import Synchronization
import Testing

@Suite struct LoggerTests {
    @Test func messagesBelowTheLevelAreDroppedAndTheRestLabelled() {
        let sink = MemoryLogSink()
        let logger = Logger(label: "alpha", level: .info, sink: sink)

        logger.debug("cache miss for dune")
        logger.info("searching dune")
        logger.warning("TMDB is slow")
        logger.error("TMDB answered 401")

        #expect(sink.lines == [
            "strata[alpha] info: searching dune",
            "strata[alpha] warning: TMDB is slow",
            "strata[alpha] error: TMDB answered 401",
        ])
    }

    @Test func aDroppedMessageIsNeverBuilt() {
        let built = Atomic<Int>(0)
        func expensive() -> String {
            built.add(1, ordering: .relaxed)
            return "details"
        }
        let logger = Logger(label: "host", level: .error, sink: MemoryLogSink())

        logger.debug(expensive())
        logger.warning(expensive())
        logger.error(expensive())

        #expect(built.load(ordering: .relaxed) == 1)
    }

    @Test func aRelabelledLoggerSharesTheSinkAndLevel() {
        let sink = MemoryLogSink()
        let host = Logger(label: "host", level: .debug, sink: sink)
        let beta = host.labelled("beta")

        host.debug("loading")
        beta.debug("persona loaded")

        #expect(beta.label == "beta")
        #expect(beta.level == .debug)
        #expect(sink.lines == ["strata[host] debug: loading", "strata[beta] debug: persona loaded"])
    }

    @Test func theDefaultLevelIsWarning() {
        let sink = MemoryLogSink()
        let logger = Logger(label: "host", sink: sink)

        logger.info("quiet")
        logger.warning("loud")

        #expect(sink.lines == ["strata[host] warning: loud"])
    }

    @Test func levelsParseFromNamesCaseInsensitively() {
        #expect(LogLevel(name: "DEBUG") == .debug)
        #expect(LogLevel(name: "trace") == .debug)
        #expect(LogLevel(name: "Info") == .info)
        #expect(LogLevel(name: "warn") == .warning)
        #expect(LogLevel(name: "warning") == .warning)
        #expect(LogLevel(name: "error") == .error)
        #expect(LogLevel(name: "verbose") == nil)
        #expect(LogLevel.allCases.sorted() == [.debug, .info, .warning, .error])
    }
}
