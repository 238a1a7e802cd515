import FoundationEssentials

/// What strata has resolved for the plugin a helper serves, sent once within the handshake from wire version 8
/// (``HelperWire/Kind/pluginRecord``, when the helper asks with ``HelperWire/Kind/pluginRecordAsk``): the config
/// the helper would have read (its plugin's folder and the settings of it and its dependencies,
/// ``HelperServer/visibleConfig(for:descriptor:pluginFolder:config:)``), where strata's config came from, and each
/// library the helper may open (its plugin's, then its dependencies' in the same folder) with the identity strata
/// judged and its descriptor's section. The helper then reads no config and searches no folder: it opens that
/// library, which must still be the file strata judged (``PluginFile``); the checked digest under pins comes as
/// before, on its command line. A helper that strata sends an empty record (one too large for a frame, or a
/// library strata couldn't read the descriptor of) reads its config as version 7 does.
///
/// Bytes: the config's JSON, the config's source and each library's id, path and section, each as a 4-byte
/// big-endian length and its bytes, the number of libraries (4 bytes) before them, and each library's size,
/// modification time and inode as 8 big-endian bytes after its path. Read with every length checked against
/// what is left, or it isn't one.
struct HelperPluginRecord: Equatable, Sendable {
    struct Library: Equatable, Sendable {
        var id: String
        var path: String
        var identity: FileIdentity
        /// The descriptor's section, as the library holds it (``PluginDescriptorSection``).
        var section: [UInt8]
    }

    /// The first wire version that sends it.
    static let version: UInt32 = 8

    var config: [UInt8]
    var configSource: String
    var libraries: [Library]

    var payload: [UInt8] {
        var bytes: [UInt8] = []
        func append(_ field: some Collection<UInt8>) {
            append(UInt64(field.count), width: 4)
            bytes += field
        }
        func append(_ number: UInt64, width: Int) { bytes += (0..<width).reversed().map { UInt8(truncatingIfNeeded: number >> ($0 * 8)) } }
        append(config)
        append(configSource.utf8)
        append(UInt64(libraries.count), width: 4)
        for library in libraries {
            append(library.id.utf8)
            append(library.path.utf8)
            for number in [UInt64(bitPattern: library.identity.size), UInt64(bitPattern: library.identity.modified), library.identity.inode] {
                append(number, width: 8)
            }
            append(library.section)
        }
        return bytes
    }

    init(config: [UInt8], configSource: String, libraries: [Library]) {
        self.config = config
        self.configSource = configSource
        self.libraries = libraries
    }

    /// The record `payload` holds; `nil` unless it is exactly one (each length within what is left, text of
    /// valid UTF-8, at least one library, nothing after the last).
    init?(payload: [UInt8]) {
        var reader = ByteReader(bytes: payload)
        func field() throws(HelperScreenFrame.Problem) -> ArraySlice<UInt8> { try reader.take(reader.number(4)) }
        func text() throws(HelperScreenFrame.Problem) -> String? { String(validating: try field(), as: UTF8.self) }
        func number64() throws(HelperScreenFrame.Problem) -> UInt64 { try reader.take(8).reduce(0) { $0 << 8 | UInt64($1) } }
        do throws(HelperScreenFrame.Problem) {
            let config = try field()
            // Each library takes at least 36 bytes: a count larger than that allows is refused before anything is kept.
            guard let configSource = try text(), case let count = try reader.number(4), count >= 1, count <= reader.remaining / 36 else { return nil }
            var libraries: [Library] = []
            for _ in 0..<count {
                guard let id = try text(), let path = try text() else { return nil }
                let (size, modified, inode) = (try number64(), try number64(), try number64())
                let identity = FileIdentity(size: Int64(bitPattern: size), modified: Int64(bitPattern: modified), inode: inode)
                libraries.append(Library(id: id, path: path, identity: identity, section: Array(try field())))
            }
            guard reader.isAtEnd else { return nil }
            self.init(config: Array(config), configSource: configSource, libraries: libraries)
        } catch {
            return nil
        }
    }
}

extension HelperHandshake {
    /// strata's side once it has opened the handshake: the helper's answer, after strata sent it `record`
    /// (empty when `nil`, or too large for a frame), if it asked for it first (version 8); a helper of version
    /// 6 or 7 answers at once.
    static func answer(on channel: HelperChannel, record: HelperPluginRecord?, until deadline: ContinuousClock.Instant) throws(HelperWire.Problem)
        -> HelperWire.Frame
    {
        let answer = try channel.receive(until: deadline)
        guard answer.kind == .pluginRecordAsk else { return answer }
        let payload = record?.payload ?? []
        channel.send(.init(.pluginRecord, payload.count <= HelperWire.maximumPayload ? payload : []))
        return try channel.receive(until: deadline)
    }

    /// The helper's side, when both ends speak ``HelperPluginRecord/version`` or later: asks strata for its
    /// record and answers it, `nil` when strata sent an empty one (the helper reads its config).
    /// - Throws: why there is none (strata sent something else, or nothing in time): a sentence after "it".
    static func record(on channel: HelperChannel, until deadline: ContinuousClock.Instant) throws(HelperRecordFailure) -> HelperPluginRecord? {
        channel.send(.init(.pluginRecordAsk))
        let frame: HelperWire.Frame
        do {
            frame = try channel.receive(until: deadline)
        } catch {
            throw HelperRecordFailure(reason: "got no plugin record from strata (\(error))")
        }
        guard frame.kind == .pluginRecord else { throw HelperRecordFailure(reason: "got a \(frame.kind) frame from strata, not its plugin record") }
        if frame.payload.isEmpty { return nil }
        guard let record = HelperPluginRecord(payload: frame.payload) else {
            throw HelperRecordFailure(reason: "got a plugin record from strata that it can't read")
        }
        return record
    }
}

/// Why a helper of version 8 has no plugin record (``HelperHandshake/record(on:until:)``).
struct HelperRecordFailure: Error {
    let reason: String
}
