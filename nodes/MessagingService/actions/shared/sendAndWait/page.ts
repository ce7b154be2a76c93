import { customFormHtml, type FormField } from './customForm';
import { escapeHtml } from './escape';
import { HAND_BACK_BUTTON_LABEL } from './fields';

/**
 * The page the response link opens. It is self-contained (inline CSS, no script, nothing
 * loaded from elsewhere), fits a phone's screen, and escapes every text it shows.
 */

export const MAX_ANSWER_LENGTH = 5000;

export const PAGE_HEADERS: Record<string, string> = {
	'Content-Type': 'text/html; charset=utf-8',
	'Cache-Control': 'no-store',
	'Content-Security-Policy':
		"default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
	'Referrer-Policy': 'no-referrer',
	'X-Content-Type-Options': 'nosniff',
	'X-Robots-Tag': 'noindex, nofollow',
};

export interface QuestionPage {
	title: string;
	text: string;
}

export type AnswerForm =
	| { kind: 'approval'; approveLabel: string; declineLabel?: string }
	| { kind: 'freeText'; submitLabel: string }
	| { kind: 'customForm'; fields: FormField[]; submitLabel: string };

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f2f4f8;color:#1f2430;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{max-width:480px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border:1px solid #dde1ea;border-radius:12px;padding:24px 20px;box-shadow:0 2px 8px rgba(20,30,60,.06)}
h1{font-size:20px;line-height:1.3;margin:0 0 12px}
.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:0 0 20px}
.note{color:#5b6275;font-size:14px;margin:0}
form{margin:0}
.buttons{display:flex;flex-direction:column;gap:12px}
button{display:block;width:100%;min-height:48px;padding:12px 16px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
.primary{background:#1f6feb;color:#fff;border:1px solid #1f6feb}
.secondary{background:#fff;color:#1f2430;border:1px solid #b8bfcc}
label{display:block;font-weight:600;margin:0 0 6px}
textarea,input,select{display:block;width:100%;margin:0 0 16px;padding:12px;border:1px solid #b8bfcc;border-radius:8px;font:inherit;background:#fff}
textarea{min-height:140px;resize:vertical}
.status{font-size:40px;line-height:1;margin:0 0 12px}
`;

function document(title: string, body: string): string {
	return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main><div class="card">${body}</div></main></body>
</html>
`;
}

/** The button that gives the conversation back to the bot; the page's inputs are optional for it, except a form's required fields. */
function handBackButton(answer: AnswerForm): string {
	const novalidate = answer.kind === 'customForm' ? '' : ' formnovalidate';
	return `<button type="submit" name="handBack" value="true" class="secondary"${novalidate}>${escapeHtml(HAND_BACK_BUTTON_LABEL)}</button>`;
}

function formOf(answer: AnswerForm, handBack: boolean): string {
	const handBackChoice = handBack ? `\n${handBackButton(answer)}` : '';
	if (answer.kind === 'customForm')
		return customFormHtml(answer.fields, answer.submitLabel, handBackChoice);
	if (answer.kind === 'freeText') {
		return `<form method="post">
<label for="answer" class="note">Your answer</label>
<textarea id="answer" name="text" required maxlength="${MAX_ANSWER_LENGTH}"></textarea>
<div class="buttons">
<button type="submit" class="primary">${escapeHtml(answer.submitLabel)}</button>${handBackChoice}
</div>
</form>`;
	}
	const decline =
		answer.declineLabel === undefined
			? ''
			: `<button type="submit" name="approved" value="false" class="secondary">${escapeHtml(answer.declineLabel)}</button>`;
	return `<form method="post"><div class="buttons">
<button type="submit" name="approved" value="true" class="primary">${escapeHtml(answer.approveLabel)}</button>
${decline}${handBackChoice}
</div></form>`;
}

/**
 * The question with its choices or its text field; answering is a POST of this form. With
 * `handBack`, the page also offers to give the conversation back to the bot.
 */
export function questionPage(page: QuestionPage, answer: AnswerForm, handBack = false): string {
	const title = page.title.trim() === '' ? 'Your answer is requested' : page.title;
	const text = page.text.trim() === '' ? '' : `<p class="text">${escapeHtml(page.text)}</p>`;
	return document(title, `<h1>${escapeHtml(title)}</h1>\n${text}\n${formOf(answer, handBack)}`);
}

/** After the answer was taken: the workflow goes on. */
export function answerTakenPage(): string {
	return document(
		'Answer received',
		'<p class="status" aria-hidden="true">&#10003;</p><h1>Thank you, your answer was received</h1><p class="note">The wait is over and the workflow goes on. You can close this page.</p>',
	);
}

/** An answer that cannot be taken (not one of the choices, empty, too long): nothing changes. */
export function answerRefusedPage(reason: string): string {
	return document(
		'Answer not accepted',
		`<h1>This answer was not accepted</h1><p class="text">${escapeHtml(reason)}</p><p class="note">Nothing was recorded; go back to the page and answer again.</p>`,
	);
}
