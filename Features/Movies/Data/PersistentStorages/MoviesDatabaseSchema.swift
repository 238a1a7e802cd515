import StrataStorage

/// The schema of the feature's database file (`movies.sqlite`): the response cache and the recent queries.
/// Both storages migrate with the same list, so either may open the file first.
enum MoviesDatabaseSchema {
    static let migrations = [
        SQLiteMigration(
            version: 1,
            sql: """
                CREATE TABLE movies_responses (
                    source TEXT NOT NULL,
                    query TEXT NOT NULL,
                    page INTEGER NOT NULL,
                    language TEXT NOT NULL,
                    total_pages INTEGER NOT NULL,
                    movies TEXT NOT NULL,
                    saved INTEGER NOT NULL,
                    PRIMARY KEY (source, query, page, language)
                );
                CREATE INDEX movies_responses_saved ON movies_responses (saved);
                CREATE TABLE movie_queries (
                    key TEXT PRIMARY KEY,
                    query TEXT NOT NULL,
                    saved INTEGER NOT NULL
                );
                CREATE INDEX movie_queries_saved ON movie_queries (saved);
                """)
    ]
}
