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
        WireWriter.bytes { writer in
            writer.write(config, lengthAs: UInt32.self)
            writer.write(configSource.utf8, lengthAs: UInt32.self)
            writer.write(UInt32(truncatingIfNeeded: libraries.count))
            for library in libraries {
                writer.write(library.id.utf8, lengthAs: UInt32.self)
                writer.write(library.path.utf8, lengthAs: UInt32.self)
                writer.write(library.identity.size)
                writer.write(library.identity.modified)
                writer.write(library.identity.inode)
                writer.write(library.section, lengthAs: UInt32.self)
            }
        }
    }

    init(config: [UInt8], configSource: String, libraries: [Library]) {
        self.config = config
        self.configSource = configSource
        self.libraries = libraries
    }

    /// The record `payload` holds; `nil` unless it is exactly one (each length within what is left, text of
    /// valid UTF-8, at least one library, nothing after the last).
    init?(payload: [UInt8]) {
        var reader = WireReader(payload)
        // Each library takes at least 36 bytes: a count larger than that allows is refused before anything is kept.
        guard let config = reader.read(lengthAs: UInt32.self), let configSource = reader.readText(lengthAs: UInt32.self),
            let count = reader.read(UInt32.self), count >= 1, count <= reader.remaining / 36
        else { return nil }
        var libraries: [Library] = []
        for _ in 0..<count {
            guard let id = reader.readText(lengthAs: UInt32.self), let path = reader.readText(lengthAs: UInt32.self),
                let size = reader.read(Int64.self), let modified = reader.read(Int64.self), let inode = reader.read(UInt64.self),
                let section = reader.read(lengthAs: UInt32.self)
            else { return nil }
            libraries.append(Library(id: id, path: path, identity: FileIdentity(size: size, modified: modified, inode: inode), section: Array(section)))
        }
        guard reader.isAtEnd else { return nil }
        self.init(config: Array(config), configSource: configSource, libraries: libraries)
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
        channel.send(HostToHelperMessage.pluginRecord(record.flatMap { $0.payload.count <= HelperWire.maximumPayload ? $0 : nil }))
        return try channel.receive(until: deadline)
    }

    /// The helper's side, when both ends speak ``HelperPluginRecord/version`` or later: asks strata for its
    /// record and answers it, `nil` when strata sent an empty one (the helper reads its config).
    /// - Throws: why there is none (strata sent something else, or nothing in time): a sentence after "it".
    static func record(on channel: HelperChannel, until deadline: ContinuousClock.Instant) throws(HelperRecordFailure) -> HelperPluginRecord? {
        channel.send(HelperToHostMessage.pluginRecordAsk)
        let message: HostToHelperMessage
        do throws(HelperWire.Problem) {
            message = try HostToHelperMessage(channel.receive(until: deadline))
        } catch .malformed(.pluginRecord, _) {
            throw HelperRecordFailure(reason: "got a plugin record from strata that it can't read")
        } catch {
            throw HelperRecordFailure(reason: "got no plugin record from strata (\(error))")
        }
        guard case .pluginRecord(let record) = message else {
            throw HelperRecordFailure(reason: "got a \(message.frame.kind) frame from strata, not its plugin record")
        }
        return record
    }
}

/// Why a helper of version 8 has no plugin record (``HelperHandshake/record(on:until:)``).
struct HelperRecordFailure: Error {
    let reason: String
}
