import { type TEngineStatus, TOOL_NAMES } from '@atempo/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeMe, ORGANIZATION, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';

function renderSettings(status: TEngineStatus) {
  storeSession();
  renderApp(
    '/organization/settings',
    createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'GET /organizations/current': () => jsonResponse(200, ORGANIZATION),
      'GET /llm-chat/engine': () => jsonResponse(200, status),
    }),
  );
  return screen.findByRole('region', { name: 'AI engine' });
}

const facts = (region: HTMLElement) =>
  Object.fromEntries(
    within(region)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('Organisation Settings: AI engine', () => {
  it('shows the built-in analyst and the MCP server', async () => {
    const region = await renderSettings({
      engine: { provider: 'built-in', model: 'atempo-analyst' },
      configured: false,
      base_url: null,
      tools_available: [...TOOL_NAMES],
      mcp: { enabled: true, port: 8080, path: '/mcp' },
    });
    expect(await within(region).findByText('Built-in analyst')).toBeInTheDocument();
    expect(within(region).getByText('Built-in', { selector: 'span' })).toBeInTheDocument();
    expect(facts(region)).toEqual({
      Engine: 'Built-in analyst',
      Model: 'atempo-analyst',
      Tools: '8 available to the engine',
      'MCP server': 'On, port 8080, path /mcp',
    });
  });

  it('shows a configured provider, its model and address; MCP off', async () => {
    const region = await renderSettings({
      engine: { provider: 'openai-compatible', model: 'llama3.1:8b' },
      configured: true,
      base_url: 'http://ollama.internal:11434/v1',
      tools_available: [...TOOL_NAMES],
      mcp: { enabled: false, port: null, path: '/mcp' },
    });
    expect(await within(region).findByText('Configured model')).toBeInTheDocument();
    expect(facts(region)).toEqual({
      Engine: 'OpenAI-compatible · llama3.1:8b',
      Model: 'llama3.1:8b',
      Address: 'http://ollama.internal:11434/v1',
      Tools: '8 available to the engine',
      'MCP server': 'Off',
    });
  });
});
