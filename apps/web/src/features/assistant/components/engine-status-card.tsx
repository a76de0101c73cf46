import type { TEngineStatus } from '@atempo/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { engineStatusQuery } from '../api/assistant-api.ts';
import { engineName } from '../lib/chat-entry.ts';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-3">
      <dt className="text-slate-500">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

function EngineFacts({ status }: { status: TEngineStatus }) {
  const { engine, mcp } = status;
  return (
    <dl className="space-y-2 text-sm">
      <Row term="Engine">{engineName(engine)}</Row>
      <Row term="Model">{engine.model}</Row>
      {status.base_url && (
        <Row term="Address">
          <code className="font-mono text-xs">{status.base_url}</code>
        </Row>
      )}
      <Row term="Tools">{status.tools_available.length} available to the engine</Row>
      <Row term="MCP server">
        {mcp.enabled ? (
          <>
            On, port <span className="tabular-nums">{mcp.port ?? '—'}</span>, path{' '}
            <code className="font-mono text-xs">{mcp.path}</code>
          </>
        ) : (
          'Off'
        )}
      </Row>
    </dl>
  );
}

/**
 * Organisation Settings: which AI engine answers Ask Anything (issue #8 §1). Set by the server's
 * LLM_* settings, so it is shown, not edited, here.
 */
export function EngineStatusCard() {
  const status = useQuery(engineStatusQuery());
  return (
    <Card aria-labelledby="ai-engine-heading">
      <CardHeader
        title={<span id="ai-engine-heading">AI engine</span>}
        description="What answers Ask Anything. Your server's LLM settings choose it."
        actions={
          status.data && (
            <Badge tone={status.data.configured ? 'accent' : 'neutral'}>
              {status.data.configured ? 'Configured model' : 'Built-in'}
            </Badge>
          )
        }
      />
      <CardBody>
        <QueryState query={status} what="the AI engine">
          {(data) => <EngineFacts status={data} />}
        </QueryState>
      </CardBody>
    </Card>
  );
}
