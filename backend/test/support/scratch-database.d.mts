export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export function scratchDatabase(serverUrl: string, name: string): Promise<ScratchDatabase>;
