/** Types of the live-traffic entries: the proxy, the capture recorder and the client option it fits. */
import { expectTypeOf, test } from 'vitest';
import type { ClientOptions, ExchangeCapture } from '../../src/index.js';
import { writeCaptures, type CaptureWriter } from '../../src/captures/index.js';
import { startProxy, type ProxyExchange, type ProxyOptions, type ProxyServer, type ReportClosing, type ReportItem } from '../../src/proxy/index.js';

test('writeCaptures is a ready-made onExchange', () => {
  expectTypeOf(writeCaptures).returns.toEqualTypeOf<CaptureWriter>();
  expectTypeOf<CaptureWriter>().toMatchTypeOf<NonNullable<ClientOptions['onExchange']>>();
  expectTypeOf<ExchangeCapture>().toHaveProperty('redacted').toEqualTypeOf<true>();
  expectTypeOf<ExchangeCapture>().toHaveProperty('response').toBeUnknown();
  // @ts-expect-error the folder is a string
  void writeCaptures(1);
});

test('startProxy takes a target and resolves to a server with its report', () => {
  expectTypeOf(startProxy).parameter(0).toEqualTypeOf<ProxyOptions>();
  expectTypeOf(startProxy).returns.resolves.toEqualTypeOf<ProxyServer>();
  expectTypeOf<ProxyServer['report']>().returns.toHaveProperty('summary');
  expectTypeOf<ProxyExchange>().toHaveProperty('status').toBeNumber();
  // @ts-expect-error the target is required
  void startProxy({ port: 0 });
  // @ts-expect-error strict is a boolean
  void startProxy({ target: 'http://127.0.0.1:4010', strict: 'yes' });
});

test('onItem takes each report item, and the server says what follows the items', () => {
  expectTypeOf<NonNullable<ProxyOptions['onItem']>>().parameter(0).toEqualTypeOf<ReportItem>();
  expectTypeOf<ProxyServer['closing']>().returns.toEqualTypeOf<ReportClosing>();
  expectTypeOf<ProxyServer['keptItems']>().returns.toBeNumber();
  // @ts-expect-error onItem is called with a report item, not a string
  void startProxy({ target: 'http://127.0.0.1:4010', onItem: (item: string) => item });
});
