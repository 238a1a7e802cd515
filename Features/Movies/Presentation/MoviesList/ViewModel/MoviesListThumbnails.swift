import MoviesDomain
import Observation
import StrataTerminal

/// The poster thumbnails of the movies list's rows on screen, as kudoleh's list shows one a row.
///
/// Only the rows shown are loaded: ``show(_:width:)`` starts the loads of the posters it is given and
/// cancels the others, so scrolling past a row stops its download, and an answer that comes after its
/// row left the screen is dropped. The repository keeps the files on disk; the pictures loaded stay in
/// memory, the last ``capacity`` of them, so scrolling back shows them at once; each is cut and shrunk to
/// its box once (``thumbnail(for:in:)``), not on every frame.
@MainActor
@Observable
public final class MoviesListThumbnails {
    /// The thumbnails loaded, by poster path.
    public private(set) var pictures: [String: Picture] = [:]
    /// How many pictures stay in memory.
    public static let capacity = 120

    @ObservationIgnored private let posterImagesRepository: any PosterImagesRepository
    /// The loads in flight by poster path, each with its own number: only that load may store its answer.
    @ObservationIgnored private var loads: [String: (number: Int, task: Task<Void, Never>)] = [:]
    @ObservationIgnored private var loadCount = 0
    /// Loaded paths, the least recently shown first.
    @ObservationIgnored private var recent: [String] = []
    /// Posters that failed to load: not asked for again while the list lives (the row keeps its text).
    @ObservationIgnored private var failed: Set<String> = []
    /// The thumbnails made for ``box``, by poster path.
    @ObservationIgnored private var made: [String: Picture] = [:]
    @ObservationIgnored private var box: ThumbnailBox?

    public init(posterImagesRepository: any PosterImagesRepository) {
        self.posterImagesRepository = posterImagesRepository
    }

    /// The poster at `path`, once loaded, cut from its middle to the shape of `box` (so it is never
    /// stretched) and shrunk to its pixels.
    public func thumbnail(for path: String, in box: ThumbnailBox) -> Picture? {
        guard let picture = pictures[path] else { return nil }
        if box != self.box {
            self.box = box
            made = [:]
        }
        if let thumbnail = made[path] { return thumbnail }
        let thumbnail = picture.cropped(toProportions: box.width, box.height).scaled(toWidth: box.width, height: box.height)
        made[path] = thumbnail
        return thumbnail
    }

    /// The loads in progress, for a test to wait on.
    public var loadsInFlight: [Task<Void, Never>] { loads.values.map(\.task) }

    /// The posters of the rows on screen, `paths`, at `width` pixels across: their loads start, every
    /// other load is cancelled.
    public func show(_ paths: [String], width: Int) {
        let wanted = Set(paths)
        for (path, load) in loads where !wanted.contains(path) {
            load.task.cancel()
            loads[path] = nil
        }
        for path in paths {
            if pictures[path] != nil {
                recent.removeAll { $0 == path }
                recent.append(path)
            } else if loads[path] == nil, !failed.contains(path), width > 0 {
                load(path, width: width)
            }
        }
    }

    private func load(_ path: String, width: Int) {
        loadCount += 1
        let number = loadCount
        let repository = posterImagesRepository
        let task = Task { [weak self] in
            let image = try? await repository.fetchImage(with: path, width: width)
            guard let self, !Task.isCancelled, loads[path]?.number == number else { return }
            loads[path] = nil
            guard let image else {
                failed.insert(path)
                return
            }
            pictures[path] = Picture(width: image.width, height: image.height, rgb: image.rgb)
            recent.append(path)
            while recent.count > Self.capacity {
                let oldest = recent.removeFirst()
                pictures[oldest] = nil
                made[oldest] = nil
            }
        }
        loads[path] = (number, task)
    }
}

/// The pixels one row of the thumbnail column holds.
public struct ThumbnailBox: Hashable, Sendable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }
}
