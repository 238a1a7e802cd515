// libjpeg (libjpeg-turbo, Debian's libjpeg-dev) and one function around it.
//
// libjpeg reports a broken file by calling `error_exit`, which by default ends the process. Swift cannot
// catch a longjmp, so the jump stays inside this C function: `strata_jpeg_decode` returns an error
// message instead, and no Swift frame is ever skipped.
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>

struct strata_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void strata_jpeg_error_exit(j_common_ptr info) {
    struct strata_jpeg_error *error = (struct strata_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

/// Warnings (a corrupt but readable stream) are not errors; the image is still returned.
static void strata_jpeg_emit_message(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

/// Decodes the JPEG in `data` (`size` bytes) into 8-bit RGB, rows top to bottom, 3 bytes a pixel.
///
/// libjpeg-turbo converts grayscale and YCbCr to RGB, but not CMYK or YCCK (print files, posters saved by
/// Photoshop): "Unsupported color conversion request". Those are read as CMYK and turned into RGB here.
///
/// libjpeg scales while decoding (by 1/2, 1/4 or 1/8), which is much cheaper than decoding in full: the
/// smallest of those scales whose width is still at least `minimum_width` is used.
///
/// Returns 0 and sets `*pixels` (to be released with `free`), `*width` and `*height`; or returns -1 and
/// writes libjpeg's reason, NUL-terminated, into `message` (`message_size` bytes).
static inline int strata_jpeg_decode(const unsigned char *data, unsigned long size, int minimum_width,
                                     unsigned char **pixels, int *width, int *height,
                                     char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct strata_jpeg_error error;
    unsigned char *volatile output = NULL;
    unsigned char *volatile cmyk_row = NULL;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = strata_jpeg_error_exit;
    error.manager.emit_message = strata_jpeg_emit_message;
    error.message[0] = 0;
    if (setjmp(error.jump)) {
        snprintf(message, message_size, "%s", error.message);
        jpeg_destroy_decompress(&info);
        free(output);
        free(cmyk_row);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    info.scale_num = 1;
    info.scale_denom = 1;
    for (unsigned int denominator = 8; denominator > 1; denominator /= 2) {
        if (minimum_width > 0 && info.image_width / denominator >= (unsigned int)minimum_width) {
            info.scale_denom = denominator;
            break;
        }
    }
    jpeg_start_decompress(&info);
    // A poster is a few hundred pixels across; a header claiming more than 40 megapixels is not decoded.
    if ((size_t)info.output_width * info.output_height > 40000000) {
        snprintf(message, message_size, "a %ux%u image is too large to show", info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    size_t stride = (size_t)info.output_width * 3;
    output = malloc(stride * info.output_height);
    if (cmyk) cmyk_row = malloc((size_t)info.output_width * 4);
    if (output == NULL || (cmyk && cmyk_row == NULL)) {
        free(output);
        free(cmyk_row);
        snprintf(message, message_size, "out of memory for a %ux%u image", info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    // Adobe's files (nearly every CMYK JPEG) store the inks inverted: 255 is no ink.
    int inverted = info.saw_Adobe_marker;
    while (info.output_scanline < info.output_height) {
        unsigned char *target = output + stride * info.output_scanline;
        JSAMPROW row = cmyk ? cmyk_row : target;
        jpeg_read_scanlines(&info, &row, 1);
        if (!cmyk) continue;
        for (unsigned int x = 0; x < info.output_width; x++) {
            unsigned int c = cmyk_row[4 * x], m = cmyk_row[4 * x + 1], y = cmyk_row[4 * x + 2], k = cmyk_row[4 * x + 3];
            if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
            target[3 * x] = (unsigned char)(c * k / 255);
            target[3 * x + 1] = (unsigned char)(m * k / 255);
            target[3 * x + 2] = (unsigned char)(y * k / 255);
        }
    }
    free(cmyk_row);
    cmyk_row = NULL;
    jpeg_finish_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    *pixels = output;
    jpeg_destroy_decompress(&info);
    return 0;
}
