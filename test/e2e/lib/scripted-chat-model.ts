import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request n8n's OpenAI chat model node made, as the server received it. */
export interface ChatRequest {
	messages: Array<{ role: string; content?: unknown; tool_call_id?: string }>;
	tools: Array<{ function: { name: string; parameters: JsonSchema } }>;
}

interface JsonSchema {
	type?: string;
	properties?: Record<string, JsonSchema>;
	required?: string[];
}

export interface ScriptedChatModel {
	/** The base URL for n8n's OpenAI credential ("…/v1"). */
	url: string;
	requests(): ChatRequest[];
	close(): Promise<void>;
}

/** Fills what a JSON schema requires: the given values by name, else an empty value of its type. */
function argumentsFor(
	schema: JsonSchema,
	values: Record<string, unknown>,
): Record<string, unknown> {
	const result: Record<string, unknown> = {};
	for (const [name, property] of Object.entries(schema.properties ?? {})) {
		if (name in values) result[name] = values[name];
		else if (property.type === 'object') result[name] = argumentsFor(property, values);
		else if (schema.required?.includes(name)) result[name] = property.type === 'string' ? '' : null;
	}
	return result;
}

/** The model's text answer: fixed, or made from the request and its number (1 for the first). */
export type ScriptedAnswer = string | ((request: ChatRequest, number: number) => string);

/**
 * A stand-in for a language model, speaking the OpenAI chat completions API: the first answer
 * calls the first tool it is offered with `toolArguments` (placed where its schema wants them), when `callsTool` says so;
 * once a tool result is in the conversation, or when no tool is offered, it answers with
 * `finalAnswer`. No intelligence, so that a test can drive an AI Agent without a real model.
 */
export async function startScriptedChatModel(
	toolArguments: Record<string, unknown>,
	finalAnswer: ScriptedAnswer,
	/** whether to call the tool for this request (default: whenever one is offered) */
	callsTool: (request: ChatRequest) => boolean = () => true,
): Promise<ScriptedChatModel> {
	const received: ChatRequest[] = [];
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (chunk: Buffer) => (body += chunk.toString()));
		req.on('end', () => {
			if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
				res
					.writeHead(404, { 'content-type': 'application/json' })
					.end('{"error":{"message":"not found"}}');
				return;
			}
			const request = JSON.parse(body) as ChatRequest;
			received.push(request);
			const hasToolResult = request.messages.some((message) => message.role === 'tool');
			const tool = request.tools?.[0]?.function;
			const message =
				hasToolResult || !tool || !callsTool(request)
					? {
							role: 'assistant',
							content:
								typeof finalAnswer === 'string'
									? finalAnswer
									: finalAnswer(request, received.length),
						}
					: {
							role: 'assistant',
							content: null,
							tool_calls: [
								{
									id: `call_${received.length}`,
									type: 'function',
									function: {
										name: tool.name,
										arguments: JSON.stringify(argumentsFor(tool.parameters, toolArguments)),
									},
								},
							],
						};
			res.writeHead(200, { 'content-type': 'application/json' }).end(
				JSON.stringify({
					id: `chatcmpl-${received.length}`,
					object: 'chat.completion',
					created: Math.floor(Date.now() / 1000),
					model: 'scripted',
					choices: [
						{ index: 0, message, finish_reason: 'tool_calls' in message ? 'tool_calls' : 'stop' },
					],
					usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
				}),
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests: () => received,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
