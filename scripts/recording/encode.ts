// Turns the browser's video into the full take (H.264 MP4) and the looping excerpt (an animated
// GIF small enough for the README), with Debian's ffmpeg.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';

/** Tried in order until the excerpt fits its size limit: sharper first. */
const EXCERPT_SETTINGS = [
	{ width: 960, fps: 8, colors: 128 },
	{ width: 800, fps: 6, colors: 96 },
	{ width: 720, fps: 5, colors: 64 },
	{ width: 640, fps: 4, colors: 48 },
];

function ffmpeg(args: string[]): void {
	execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
		stdio: 'inherit',
	});
}

/** The duration of a media file in seconds, as ffprobe reads it. */
export function durationOf(file: string): number {
	const output = execFileSync('ffprobe', [
		'-v',
		'error',
		'-show_entries',
		'format=duration',
		'-of',
		'csv=p=0',
		file,
	])
		.toString()
		.trim();
	const seconds = Number(output);
	if (!Number.isFinite(seconds))
		throw new Error(`ffprobe read no duration from ${file}: "${output}"`);
	return seconds;
}

export function encodeTake(video: string, output: string): void {
	ffmpeg([
		'-i',
		video,
		'-c:v',
		'libx264',
		'-preset',
		'veryfast',
		'-crf',
		'28',
		'-pix_fmt',
		'yuv420p',
		'-movflags',
		'+faststart',
		'-an',
		output,
	]);
}

/** The excerpt from `start` for `seconds`, as the sharpest GIF of at most `maxBytes`; the settings used. */
export function encodeExcerpt(
	video: string,
	output: string,
	start: number,
	seconds: number,
	maxBytes: number,
): { width: number; fps: number; bytes: number } {
	for (const { width, fps, colors } of EXCERPT_SETTINGS) {
		const filter =
			`fps=${fps},scale=${width}:-1:flags=lanczos,split[a][b];` +
			`[a]palettegen=max_colors=${colors}:stats_mode=diff[p];[b][p]paletteuse=dither=none:diff_mode=rectangle`;
		ffmpeg([
			'-ss',
			start.toFixed(2),
			'-t',
			seconds.toFixed(2),
			'-i',
			video,
			'-filter_complex',
			filter,
			'-loop',
			'0',
			output,
		]);
		const bytes = fs.statSync(output).size;
		if (bytes <= maxBytes) return { width, fps, bytes };
		process.stdout.write(
			`[recording] excerpt at ${width} px, ${fps} fps is ${(bytes / 1024).toFixed(0)} KB, over ${maxBytes / 1024} KB: smaller\n`,
		);
	}
	throw new Error(
		`the excerpt stays over ${maxBytes / 1024} KB even at ${EXCERPT_SETTINGS.at(-1)?.width} px: shorten it`,
	);
}
