import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { mediaUrl } from './media';
import { uploadFile } from './upload';
import { usePrivateMediaUrl } from './private-media';
import { storeTokens } from './session';

describe('mediaUrl', () => {
  const efile = { token: 'abcDEF123_-xyzabcDEF123_-xyzab', file_extension: 'jpg' };

  it('builds the spec read URL per size', () => {
    expect(mediaUrl(efile, 'thumb')).toBe(`/v2/media/thumb/${efile.token}.jpg`);
    expect(mediaUrl(efile)).toBe(`/v2/media/medium/${efile.token}.jpg`);
  });

  it('adds the download action, and never an access token', () => {
    storeTokens({ accessToken: 'a.b.c', refreshToken: 'r' });
    expect(mediaUrl(efile, 'full', { download: true })).toBe(
      `/v2/media/full/${efile.token}.jpg?action=download`,
    );
    localStorage.clear();
  });

  it('gives undefined without a file', () => {
    expect(mediaUrl(null, 'thumb')).toBeUndefined();
  });
});

/** A scripted XMLHttpRequest: answers each send with the next queued response. */
class FakeXhr {
  static responses: { status: number; body: unknown }[] = [];
  static sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, headers: this.headers, body });
    const next = FakeXhr.responses.shift();
    setTimeout(() => {
      if (!next) return this.onerror?.();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = next.status;
      this.responseText = JSON.stringify(next.body);
      this.onload?.();
    }, 0);
  }
}

describe('uploadFile', () => {
  beforeEach(() => {
    FakeXhr.responses = [];
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    storeTokens({ accessToken: 'token-1', refreshToken: 'refresh-1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const file = new File(['x'], 'me.png', { type: 'image/png' });

  it('sends the file with the bearer token and reports progress', async () => {
    const efile = { file_id: 1, token: 't', file_extension: 'png', original_name: 'me.png' };
    FakeXhr.responses.push({ status: 200, body: { data: efile } });
    const progress: number[] = [];
    await expect(uploadFile(file, 'cin', (p) => progress.push(p))).resolves.toEqual(efile);
    expect(FakeXhr.sent[0]?.url).toBe('/v2/media/upload?purpose=cin');
    expect(FakeXhr.sent[0]?.headers.authorization).toBe('Bearer token-1');
    expect(FakeXhr.sent[0]?.body.get('file')).toBeInstanceOf(File);
    expect(progress).toEqual([50, 100]);
  });

  it('turns an error answer into an ApiError with the server code', async () => {
    FakeXhr.responses.push({
      status: 415,
      body: { error: { code: 'INVALID_FILE_TYPE', message: 'Invalid file type.' } },
    });
    const error = await uploadFile(file, 'profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 415,
      code: 'INVALID_FILE_TYPE',
      message: 'Invalid file type.',
    });
  });

  it('reports a network failure as NETWORK', async () => {
    await expect(uploadFile(file, 'profile')).rejects.toMatchObject({ code: 'NETWORK' });
  });
});

describe('usePrivateMediaUrl', () => {
  const signed = '/v2/media/thumb/tok-cin.png?expires=1900000000&user=7&signature=c2lnbmF0dXJl';
  let requests: { url: string; authorization: string | null }[];

  beforeEach(() => {
    requests = [];
    storeTokens({ accessToken: 'token-1', refreshToken: 'refresh-1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        requests.push({ url: String(input), authorization: headers.get('authorization') });
        return new Response(
          JSON.stringify({ data: { url: signed, expires_at: '2030-03-17T17:46:40.000Z' } }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(
      QueryClientProvider,
      { client: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
      children,
    );

  it('asks the API for a signed URL with the bearer header: no token in the image URL', async () => {
    const { result } = renderHook(() => usePrivateMediaUrl({ file_id: 8 }, 'thumb'), { wrapper });
    await waitFor(() => expect(result.current).toBe(signed));
    expect(requests).toEqual([
      { url: '/v2/media/private-url?file_id=8&size=thumb', authorization: 'Bearer token-1' },
    ]);
    expect(result.current).not.toContain('token-1');
    expect(result.current).not.toContain('access_token');
  });

  it('asks nothing without a file', () => {
    const { result } = renderHook(() => usePrivateMediaUrl(null), { wrapper });
    expect(result.current).toBeUndefined();
    expect(requests).toEqual([]);
  });
});
