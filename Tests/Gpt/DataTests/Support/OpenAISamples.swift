// Real OpenAI response bodies, from the files in Tests/Fixtures/Data/openai (sources in its PROVENANCE.md):
// openai/openai-python (Apache-2.0) `.inline-snapshot` recordings and openai/openai-dotnet (MIT) session
// records. Bodies the dotnet recorder stored as parsed JSON are re-serialized with 4-space indentation,
// which is how the API sends error bodies (the recorded Content-Length matches that form).

enum OpenAISamples {
    /// openai-python `test_parse_nothing`: a plain `chat.completion` (json.dumps whitespace).
    static let completionNonStreaming = #"""
{"id": "chatcmpl-ABfvaueLEMLNYbT8YzpJxsmiQ6HSY", "object": "chat.completion", "created": 1727346142, "model": "gpt-4o-2024-08-06", "choices": [{"index": 0, "message": {"role": "assistant", "content": "I'm unable to provide real-time weather updates. To get the current weather in San Francisco, I recommend checking a reliable weather website or app like the Weather Channel or a local news station.", "refusal": null}, "logprobs": null, "finish_reason": "stop"}], "usage": {"prompt_tokens": 14, "completion_tokens": 37, "total_tokens": 51, "completion_tokens_details": {"reasoning_tokens": 0}}, "system_fingerprint": "fp_b40fb1c6fb"}
"""#

    /// openai-dotnet HelloWorldChat: a plain `chat.completion` from gpt-4o-mini with every current field.
    static let helloWorldCompletion = #"""
{
    "id": "chatcmpl-D8dUjRkJNE7oAraZr6I7Jy8l3f2eU",
    "object": "chat.completion",
    "created": 1770950813,
    "model": "gpt-4o-mini-2024-07-18",
    "choices": [
        {
            "index": 0,
            "message": {
                "role": "assistant",
                "content": "Hello! How can I assist you today?",
                "refusal": null,
                "annotations": []
            },
            "logprobs": null,
            "finish_reason": "stop"
        }
    ],
    "usage": {
        "prompt_tokens": 11,
        "completion_tokens": 9,
        "total_tokens": 20,
        "prompt_tokens_details": {
            "cached_tokens": 0,
            "audio_tokens": 0
        },
        "completion_tokens_details": {
            "reasoning_tokens": 0,
            "audio_tokens": 0,
            "accepted_prediction_tokens": 0,
            "rejected_prediction_tokens": 0
        }
    },
    "service_tier": "default",
    "system_fingerprint": "Sanitized"
}
"""#

    /// openai-dotnet AuthFailure: the real 401 `invalid_api_key` body (288 bytes, as recorded).
    static let invalidAPIKey401 = #"""
{
    "error": {
        "message": "Incorrect API key provided: not-a-re**************************ized. You can find your API key at https://platform.openai.com/account/api-keys.",
        "type": "invalid_request_error",
        "param": null,
        "code": "invalid_api_key"
    }
}

"""#

    /// openai-dotnet: a real 404 `not_found` body.
    static let notFound404 = #"""
{
    "error": {
        "message": "Completion comp_nonexistent_12345 not found",
        "type": "invalid_request_error",
        "param": "completion_id",
        "code": "not_found"
    }
}

"""#

    /// NextChat issue #4101: a real 429 `insufficient_quota` body, verbatim.
    static let insufficientQuota429 = #"""
{
  "error": {
    "message": "You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
    "type": "insufficient_quota",
    "param": null,
    "code": "insufficient_quota"
  }
}

"""#

    /// MSU-AI-Agents issue #76: the 429 `rate_limit_exceeded` error, printed there as a Python dict; the same fields as JSON.
    static let rateLimit429 = #"""
{
    "error": {
        "message": "Rate limit reached for gpt-3.5-turbo in organization org-pR2Z3LP86Rl3jvVG0S9Kv3IT on requests per day (RPD): Limit 10000, Used 10000, Requested 1. Please try again in 8.64s. Visit https://platform.openai.com/account/rate-limits to learn more.",
        "type": "requests",
        "param": null,
        "code": "rate_limit_exceeded"
    }
}

"""#
}
