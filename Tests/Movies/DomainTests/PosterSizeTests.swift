import MoviesDomain
import Testing

@Suite struct PosterSizeTests {
    @Test(arguments: [(1, 92), (92, 92), (120, 92), (124, 154), (160, 154), (185, 185), (300, 342), (421, 500),
                      (640, 780), (4000, 780)])
    func picksTheClosestTMDBWidth(requested: Int, expected: Int) {
        #expect(PosterSize.closestWidth(to: requested) == expected)
    }

    @Test func prefersTheLargerWidthOnATie() {
        // 123 is 31 away from both 92 and 154.
        #expect(PosterSize.closestWidth(to: 123) == 154)
    }
}
